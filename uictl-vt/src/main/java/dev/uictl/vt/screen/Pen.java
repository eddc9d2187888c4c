package dev.uictl.vt.screen;

import dev.uictl.vt.Style;

/** The current graphic rendition (SGR state) applied to printed characters; see {@link Attrs} for the packing. */
public final class Pen {

    int fg;
    int bg;

    /** The pen as the style a printed character would get. */
    public Style style() {
        return Attrs.toStyle(fg, bg);
    }

    public void reset() {
        fg = 0;
        bg = 0;
    }

    public void addFlags(int flags) {
        fg |= flags;
    }

    public void clearFlags(int flags) {
        fg &= ~flags;
    }

    public void foreground(int color) {
        fg = Attrs.flags(fg) | color;
    }

    public void background(int color) {
        bg = color;
    }

    void copyFrom(int fg, int bg) {
        this.fg = fg;
        this.bg = bg;
    }
}
