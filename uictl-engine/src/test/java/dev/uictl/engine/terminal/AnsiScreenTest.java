package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AnsiScreenTest {
    @Test
    void aRenderedScreenReplayedIntoAFreshTerminalIsTheSameScreen() {
        Terminal program = new Terminal(5, 20);
        program.write(("\033[1;4mbold\033[0m plain\r\n\033[7;38;5;100minv\033[0m 你好\r\n"
                + "\033[48;2;10;20;30mrgb\033[0m\033[9mx\033[2;3H").getBytes(StandardCharsets.UTF_8));
        ScreenSnapshot original = program.snapshot(true, 0);

        Terminal person = new Terminal(5, 20);
        person.write(AnsiScreen.render(original));
        ScreenSnapshot seen = person.snapshot(true, 0);

        assertThat(seen.lines()).isEqualTo(original.lines());
        assertThat(seen.cells()).isEqualTo(original.cells());
        assertThat(seen.cursor()).isEqualTo(original.cursor());
    }
}
