package dev.uictl.vt.screen;

/** What DECSC / CSI s keep and DECRC / CSI u bring back (position and deferred wrap, pen, charsets, origin mode; one per screen). */
record SavedCursor(int col, int row, boolean wrapPending, int fg, int bg, boolean g0Graphics, boolean g1Graphics, boolean shiftedToG1,
                   boolean originMode) {

    static final SavedCursor HOME = new SavedCursor(0, 0, false, 0, 0, false, false, false, false);

    /** The same, with the position moved onto a screen of the given size. */
    SavedCursor within(int rows, int cols) {
        return new SavedCursor(Math.min(col, cols - 1), Math.min(row, rows - 1), wrapPending, fg, bg, g0Graphics, g1Graphics,
                shiftedToG1, originMode);
    }
}
