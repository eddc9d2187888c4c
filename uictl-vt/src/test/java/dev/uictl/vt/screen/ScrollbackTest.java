package dev.uictl.vt.screen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScrollbackTest {

    private static Line line(String text) {
        var line = new Line(10, 0);
        for (int i = 0; i < text.length(); i++) line.write(i, Line.content(text.charAt(i), 1), 0, 0);
        return line;
    }

    @Test
    void keepsTheNewestLinesUpToTheLimit() {
        var history = new Scrollback(3);
        for (int i = 1; i <= 40; i++) history.push(line("l" + i));
        assertThat(history.size()).isEqualTo(3);
        assertThat(history.tail(10)).containsExactly("l38", "l39", "l40");
        assertThat(history.tail(2)).containsExactly("l39", "l40");
    }

    @Test
    void returnsTheEvictedLineForReuse() {
        var history = new Scrollback(2);
        Line first = line("a");
        assertThat(history.push(first)).isNull();
        assertThat(history.push(line("b"))).isNull();
        assertThat(history.push(line("c"))).isSameAs(first);
    }

    @Test
    void aZeroLimitKeepsNothing() {
        var history = new Scrollback(0);
        Line line = line("x");
        assertThat(history.push(line)).isSameAs(line);
        assertThat(history.size()).isZero();
        assertThat(history.tail(5)).isEmpty();
        assertThatThrownBy(() -> new Scrollback(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void popDrainAndClear() {
        var history = new Scrollback(100);
        for (int i = 1; i <= 20; i++) history.push(line("l" + i));
        assertThat(history.popNewest().text()).isEqualTo("l20");
        assertThat(history.drain()).extracting(Line::text).startsWith("l1", "l2").endsWith("l19").hasSize(19);
        assertThat(history.size()).isZero();
        history.push(line("again"));
        history.clear();
        assertThat(history.popNewest()).isNull();
    }

    @Test
    void growsAcrossTheWrapPoint() {
        var history = new Scrollback(50);
        for (int i = 1; i <= 10; i++) history.push(line("a" + i));
        for (int i = 0; i < 5; i++) history.popNewest();
        for (int i = 1; i <= 30; i++) history.push(line("b" + i));
        assertThat(history.size()).isEqualTo(35);
        assertThat(history.tail(35).getFirst()).isEqualTo("a1");
        assertThat(history.tail(35).getLast()).isEqualTo("b30");
    }
}
