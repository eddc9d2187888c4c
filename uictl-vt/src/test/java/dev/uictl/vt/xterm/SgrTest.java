package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Color;
import dev.uictl.vt.Style;
import org.junit.jupiter.api.Test;

class SgrTest {

    private static Style styleOf(String sgr) {
        return Vt.of(1, 5).write(sgr + "X").cell(0, 0).style();
    }

    @Test
    void renditionFlags() {
        assertThat(styleOf("\\e[1;2;3;4;7;9m")).isEqualTo(new Style(Color.DEFAULT, Color.DEFAULT,
                true, true, true, true, true, true));
        assertThat(styleOf("\\e[5;8m")).isEqualTo(Style.DEFAULT);   // blink and hidden are not tracked
    }

    @Test
    void resetsOfSingleFlags() {
        assertThat(styleOf("\\e[1;2;3;4;7;9m\\e[22;23;24;27;29m")).isEqualTo(Style.DEFAULT);
        assertThat(styleOf("\\e[1;31m\\e[0m")).isEqualTo(Style.DEFAULT);
        assertThat(styleOf("\\e[1;31m\\e[m")).isEqualTo(Style.DEFAULT);
        assertThat(styleOf("\\e[1;31m\\e[;4m").underline()).isTrue();
        assertThat(styleOf("\\e[1;31m\\e[;4m").bold()).isFalse();
    }

    @Test
    void basicAndBrightColours() {
        assertThat(styleOf("\\e[31;42m")).isEqualTo(new Style(new Color.Ansi16(1), new Color.Ansi16(2),
                false, false, false, false, false, false));
        assertThat(styleOf("\\e[94;103m").fg()).isEqualTo(new Color.Ansi16(12));
        assertThat(styleOf("\\e[94;103m").bg()).isEqualTo(new Color.Ansi16(11));
        assertThat(styleOf("\\e[31;42m\\e[39;49m")).isEqualTo(Style.DEFAULT);
    }

    @Test
    void indexedColours() {
        assertThat(styleOf("\\e[38;5;130m").fg()).isEqualTo(new Color.Ansi256(130));
        assertThat(styleOf("\\e[38;5;1m").fg()).isEqualTo(new Color.Ansi16(1));
        assertThat(styleOf("\\e[48;5;17m").bg()).isEqualTo(new Color.Ansi256(17));
        assertThat(styleOf("\\e[38:5:200m").fg()).isEqualTo(new Color.Ansi256(200));
        assertThat(styleOf("\\e[38;5;300m")).isEqualTo(Style.DEFAULT);
    }

    @Test
    void trueColourInEveryNotation() {
        assertThat(styleOf("\\e[38;2;10;20;30m").fg()).isEqualTo(new Color.Rgb(10, 20, 30));
        assertThat(styleOf("\\e[48;2;1;2;3m").bg()).isEqualTo(new Color.Rgb(1, 2, 3));
        assertThat(styleOf("\\e[38:2::100:150:200m").fg()).isEqualTo(new Color.Rgb(100, 150, 200));
        assertThat(styleOf("\\e[38:2:5:6:7m").fg()).isEqualTo(new Color.Rgb(5, 6, 7));
        assertThat(styleOf("\\e[38:2:0:5:6:7m").fg()).isEqualTo(new Color.Rgb(5, 6, 7));
    }

    @Test
    void extendedColourConsumesItsArguments() {
        var style = styleOf("\\e[38;5;100;1;48;2;1;2;3;4m");
        assertThat(style).isEqualTo(new Style(new Color.Ansi256(100), new Color.Rgb(1, 2, 3),
                true, false, false, true, false, false));
    }

    @Test
    void underlineStyles() {
        assertThat(styleOf("\\e[4:3m").underline()).isTrue();
        assertThat(styleOf("\\e[4m\\e[4:0m").underline()).isFalse();
        assertThat(styleOf("\\e[21m").underline()).isTrue();
    }

    @Test
    void unknownParametersAreIgnored() {
        assertThat(styleOf("\\e[53;73;1m").bold()).isTrue();
    }

    @Test
    void thePenStaysAcrossWrapsAndAppliesPerCell() {
        var vt = Vt.of(2, 5).write("\\e[41mabcdefg\\e[0mh");
        assertThat(vt.cell(1, 1).style().bg()).isEqualTo(new Color.Ansi16(1));
        assertThat(vt.cell(1, 2).style()).isEqualTo(Style.DEFAULT);
    }
}
