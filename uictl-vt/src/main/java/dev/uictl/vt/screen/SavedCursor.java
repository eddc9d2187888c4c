package dev.uictl.vt.screen;

/** What DECSC / CSI s keep and DECRC / CSI u bring back (tmux input_save_state: position, pen, charsets, origin). */
record SavedCursor(int col, int row, int fg, int bg, boolean g0Graphics, boolean g1Graphics, boolean shiftedToG1,
                   boolean originMode) {

    static final SavedCursor HOME = new SavedCursor(0, 0, 0, 0, false, false, false, false);
}
