package dev.uictl.vt.screen;

import java.util.BitSet;

/** Horizontal tab stops; a fresh or reset terminal has one every 8 columns. */
final class TabStops {

    private final BitSet stops = new BitSet();
    private int cols;

    TabStops(int cols) {
        reset(cols);
    }

    void reset(int cols) {
        this.cols = cols;
        stops.clear();
        for (int c = 8; c < cols; c += 8) stops.set(c);
    }

    void set(int col) {
        if (col < cols) stops.set(col);
    }

    void clear(int col) {
        stops.clear(col);
    }

    void clearAll() {
        stops.clear();
    }

    /** Next stop after {@code col}, or the last column when there is none. */
    int next(int col) {
        int n = stops.nextSetBit(col + 1);
        return n < 0 || n >= cols ? cols - 1 : n;
    }

    /** Previous stop before {@code col}, or column 0. */
    int previous(int col) {
        return col <= 0 ? 0 : Math.max(0, stops.previousSetBit(col - 1));
    }
}
