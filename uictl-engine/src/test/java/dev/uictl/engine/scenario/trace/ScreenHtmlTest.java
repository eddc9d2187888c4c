package dev.uictl.engine.scenario.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.ScreenViews;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Screens made by the real emulator from bytes, read back from JSON as a trace reads snapshot files. */
class ScreenHtmlTest {
    private static ScreenView screen(int rows, int cols, String output) {
        Terminal t = new Terminal(rows, cols);
        t.write(output.getBytes(StandardCharsets.UTF_8));
        ScreenView v = ScreenViews.of("t1.1", t.snapshot(true, 0));
        return Json.mapper().treeToValue(Json.tree(v), ScreenView.class);
    }

    @Test
    void coloursOfTheThreeKindsAfterAJsonRoundTrip() {
        String html = ScreenHtml.render(screen(2, 20, "\033[31ma\033[38;5;200mb\033[38;2;1;2;3;48;5;232mc\033[0md"));
        assertThat(html).contains("<span style=\"color:#cd0000;\">a</span>")
                .contains("<span style=\"color:#ff00d7;\">b</span>")
                .contains("<span style=\"color:#010203;background:#080808;\">c</span>");
    }

    @Test
    void paletteCoversTheCubeTheGreysAndRejectsNonsense() {
        assertThat(TerminalPalette.css(Map.of("ansi256", 16))).isEqualTo("#000000");
        assertThat(TerminalPalette.css(Map.of("ansi256", 231))).isEqualTo("#ffffff");
        assertThat(TerminalPalette.css(Map.of("ansi256", 255))).isEqualTo("#eeeeee");
        assertThat(TerminalPalette.css(Map.of("ansi256", 9))).isEqualTo("#ff0000");
        assertThat(TerminalPalette.css(Map.of("rgb", new ScreenView.RgbView(255, 128, 0)))).isEqualTo("#ff8000");
        assertThat(TerminalPalette.css(Map.of("ansi16", 16))).isNull();
        assertThat(TerminalPalette.css(Map.of("ansi256", 1.5))).isNull();
        assertThat(TerminalPalette.css(Map.of("rgb", Map.of("r", 300, "g", 0, "b", 0)))).isNull();
        assertThat(TerminalPalette.css("default")).isNull();
        assertThat(TerminalPalette.css("\"><script>")).isNull();
    }

    @Test
    void stylesAndInverse() {
        String html = ScreenHtml.render(screen(2, 30, "\033[1mB\033[0m\033[2mD\033[0m\033[3mI\033[0m\033[4mU\033[0m"
                + "\033[9mS\033[0m\033[4;9mX\033[0m\033[7mV\033[0m\033[7;31;42mW\033[0m"));
        assertThat(html).contains("<span class=\"b\">B</span>").contains("<span class=\"d\">D</span>")
                .contains("<span class=\"i\">I</span>").contains("<span class=\"u\">U</span>")
                .contains("<span class=\"s\">S</span>").contains("<span class=\"us\">X</span>")
                .contains("<span style=\"color:#101010;background:#d0d0d0;\">V</span>")
                .contains("<span style=\"color:#00cd00;background:#cd0000;\">W</span>");
    }

    @Test
    void wideCharactersTakeTwoColumnsAndTheirContinuationIsNotDrawn() {
        String html = ScreenHtml.render(screen(1, 10, "\033[?25l你x"));
        assertThat(html).contains("<span class=\"w\">你</span><span>x</span>");
        assertThat(html).doesNotContain("cur");
    }

    @Test
    void theCursorIsItsOwnCellEvenPastTheText() {
        String html = ScreenHtml.render(screen(3, 10, "ab\r\ncd\033[2;2H"));
        String[] rows = html.substring(html.indexOf('>') + 1).split("\n");
        assertThat(rows[0]).isEqualTo("<span>ab</span>");
        assertThat(rows[1]).isEqualTo("<span>c</span><span class=\"cur\">d</span>");
        String past = ScreenHtml.render(screen(2, 10, "ab"));
        assertThat(past).contains("<span>ab</span><span class=\"cur\"> </span>");
        String onWide = ScreenHtml.render(screen(1, 10, "你\033[1;1H"));
        assertThat(onWide).contains("<span class=\"w cur\">你</span>");
    }

    @Test
    void screenTextIsEscaped() {
        String html = ScreenHtml.render(screen(2, 60, "</pre></script><img src=x onerror=alert(1)><!--\u2028"));
        assertThat(html).contains("&lt;/pre&gt;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!--")
                .doesNotContain("<img").doesNotContain("</script>").doesNotContain("<!--");
        assertThat(html.indexOf("</pre>")).isEqualTo(html.length() - "</pre>".length());
    }
}
