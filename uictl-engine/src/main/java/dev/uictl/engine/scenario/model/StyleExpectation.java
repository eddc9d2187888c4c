package dev.uictl.engine.scenario.model;

import java.util.Map;

/**
 * The attributes a {@code style_at} assertion expects; null fields are not checked. {@code fg}/{@code bg} hold the
 * colour as the screen model writes it (a string or a small map), compared after JSON normalization.
 */
public record StyleExpectation(Object fg, Object bg, Boolean bold, Boolean dim, Boolean italic, Boolean underline,
                               Boolean inverse, Boolean strike, String text) {
    public Map<String, Boolean> flags() {
        java.util.LinkedHashMap<String, Boolean> m = new java.util.LinkedHashMap<>();
        m.put("bold", bold);
        m.put("dim", dim);
        m.put("italic", italic);
        m.put("underline", underline);
        m.put("inverse", inverse);
        m.put("strike", strike);
        m.values().removeIf(java.util.Objects::isNull);
        return m;
    }
}
