package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ScreenTextTest {
    private static ScreenText text(String output) {
        Terminal t = new Terminal(3, 8);
        t.write(output.getBytes(StandardCharsets.UTF_8));
        return ScreenText.of(t.snapshot(false, 0));
    }

    @Test
    void rowsArePaddedWithTheBlanksTheyShowUpToTheirWidth() {
        ScreenText s = text("$ \r\nab");
        assertThat(s.trimmed()).isEqualTo("$\nab\n");
        assertThat(s.padded()).isEqualTo("$       \nab      \n        ");
        assertThat(s.padded()).contains("$ ").doesNotContain("$ \n");
    }

    @Test
    void wideCharactersCountTwoColumnsAndCombiningMarksNone() {
        ScreenText s = text("你e\u0301");
        assertThat(s.padded().lines().findFirst().orElseThrow()).isEqualTo("你e\u0301     ");
    }

    @Test
    void aFullRowHasNoTrailingBlank() {
        assertThat(text("12345678").padded()).startsWith("12345678\n");
    }
}
