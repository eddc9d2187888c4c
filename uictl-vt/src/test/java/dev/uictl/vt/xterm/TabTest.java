package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TabTest {

    @Test
    void defaultStopsEveryEightColumns() {
        assertThat(Vt.of(1, 30).write("a\tb\tc").line(0)).isEqualTo("a       b       c");
    }

    @Test
    void tabStopsAtTheLastColumn() {
        var vt = Vt.of(1, 10).write("abcdefghi\tX");
        assertThat(vt.line(0)).isEqualTo("abcdefghiX");
        assertThat(Vt.of(1, 12).write("\t\t\tX").line(0)).isEqualTo("           X");
    }

    @Test
    void setAndClearStops() {
        var vt = Vt.of(3, 30).write("\\e[5G\\eH\r\tX\tY\\e[3g\r\n\tZ");
        assertThat(vt.lines()).containsExactly("    X   Y", "                             Z", "");
        assertThat(Vt.of(1, 30).write("\\e[9G\\e[0g\ra\tb").line(0)).isEqualTo("a               b");
    }

    @Test
    void forwardAndBackwardTabulation() {
        assertThat(Vt.of(1, 30).write("\\e[2IX").line(0)).isEqualTo("                X");
        assertThat(Vt.of(1, 30).write("\\e[20G\\e[ZX").line(0)).isEqualTo("                X");
        assertThat(Vt.of(1, 30).write("\\e[20G\\e[9ZX").line(0)).isEqualTo("X");
    }
}
