package dev.uictl.vt.screen;

/** The current graphic rendition (SGR state) applied to printed characters; see {@link Attrs} for the packing. */
public final class Pen {

    int fg;
    int bg;

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
