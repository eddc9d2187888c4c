package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CharsetTest {

    @Test
    void decSpecialGraphicsInG0() {
        assertThat(Vt.of(1, 20).write("\\e(0lqqk\\e(B x").line(0)).isEqualTo("┌──┐ x");
    }

    @Test
    void shiftOutSelectsG1() {
        assertThat(Vt.of(1, 20).write("\\e)0a\u000eqx\u000fq").line(0)).isEqualTo("a─│q");
    }

    @Test
    void allLineDrawingCharacters() {
        assertThat(Vt.of(1, 40).write("\\e(0jklmnqtuvwx`a~\\e(B").line(0)).isEqualTo("┘┐┌└┼─├┤┴┬│◆▒·");
    }

    @Test
    void charsetsAreSavedWithTheCursor() {
        assertThat(Vt.of(1, 20).write("\\e(0\\e7\\e(B\\e[5Gq\\e8q").line(0)).isEqualTo("─   q");
    }

    @Test
    void charactersOutsideTheGraphicsRangeAreUnchanged() {
        assertThat(Vt.of(1, 20).write("\\e(0ABC 123\\e(B").line(0)).isEqualTo("ABC 123");
    }
}
