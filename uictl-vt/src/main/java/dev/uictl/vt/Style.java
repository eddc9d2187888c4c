package dev.uictl.vt;

import java.util.Objects;

/** The rendition of one cell. Blink and hidden are not tracked. */
public record Style(Color fg, Color bg, boolean bold, boolean dim, boolean italic, boolean underline,
                    boolean inverse, boolean strike) {

    public static final Style DEFAULT = new Style(Color.DEFAULT, Color.DEFAULT, false, false, false, false, false, false);

    public Style {
        Objects.requireNonNull(fg, "fg");
        Objects.requireNonNull(bg, "bg");
    }
}
