package dev.uictl.x11.ewmh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SizeHintsTest {
    /** xterm's hints on this machine: PMinSize|PResizeInc|PBaseSize, base 19x4, increment 6x13, min 25x17. */
    static final int[] XTERM = {0x150 | 0x10, 0, 0, 0, 0, 25, 17, 0, 0, 6, 13, 0, 0, 0, 0, 19, 4, 1};

    @Test
    void roundsDownToBasePlusWholeIncrementsWithinTheLimits() {
        SizeHints h = SizeHints.of(XTERM);
        assertThat(h.accepted(500, 300)).containsExactly(19 + 80 * 6, 4 + 22 * 13);
        assertThat(h.accepted(504, 302)).containsExactly(499, 290);
        assertThat(h.accepted(505, 303)).containsExactly(505, 303);
        assertThat(h.accepted(1, 1)).containsExactly(25, 17);
    }

    @Test
    void maxSizeClampsAndMissingBaseFallsBackToTheMinimum() {
        int[] items = {0x10 | 0x20 | 0x40, 0, 0, 0, 0, 100, 50, 300, 200, 10, 10, 0, 0, 0, 0};
        SizeHints h = SizeHints.of(items);
        assertThat(h.accepted(1000, 1000)).containsExactly(300, 200);
        assertThat(h.accepted(155, 77)).containsExactly(150, 70);
    }

    @Test
    void noHintsAcceptAnySize() {
        assertThat(SizeHints.of(new int[0]).accepted(123, 45)).containsExactly(123, 45);
    }
}
