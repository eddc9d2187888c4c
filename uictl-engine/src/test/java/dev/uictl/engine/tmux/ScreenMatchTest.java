package dev.uictl.engine.tmux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScreenMatchTest {
    @Test
    void escapesAndControlsAreStripped() {
        assertThat(AnsiText.strip("\u001b[1;31mred\u001b[0m \u001b]0;title\u0007ok\r\nnext\u0007"))
                .isEqualTo("red ok\nnext");
        assertThat(AnsiText.strip("\u001b(Bq\u001bPsixel\u001b\\z")).isEqualTo("qz");
    }

    @Test
    void theEndOfTheMessageMustBeOnScreenWhitespaceAside() {
        String screen = "agent> please review the change in\n   src/Main.java now";
        assertThat(ScreenMatch.showsEndOf(screen, "please review the change in src/Main.java now")).isTrue();
        assertThat(ScreenMatch.showsEndOf(screen, "something else entirely")).isFalse();
        assertThat(ScreenMatch.showsEndOf(screen, "   ")).isFalse();
        String long1 = "x".repeat(500) + " the tail that is visible";
        // only the last 32 non-blank characters count: the start may have scrolled away
        assertThat(ScreenMatch.showsEndOf("…" + "x".repeat(12) + " the tail that is visible", long1)).isTrue();
        assertThat(ScreenMatch.showsEndOf("…the tail that is visible", long1)).isFalse();
        assertThat(ScreenMatch.contains("a\nb c", "b  c")).isTrue();
    }
}
