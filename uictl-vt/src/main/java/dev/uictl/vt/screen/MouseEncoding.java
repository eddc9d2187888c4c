package dev.uictl.vt.screen;

/** How mouse reports are encoded (DECSET 1005, 1006, 1015). */
public enum MouseEncoding {
    DEFAULT("default"), UTF8("utf8"), SGR("sgr"), URXVT("urxvt");

    public final String label;

    MouseEncoding(String label) {
        this.label = label;
    }
}
