package dev.uictl.core.render;

import java.util.Locale;
import java.util.Optional;

/** Output formats (SPEC §2.3). */
public enum Format {
    JSON, TEXT, TOON, MD;

    public static Optional<Format> parse(String value) {
        try {
            return Optional.of(valueOf(value.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
