package dev.uictl.core.render;

/** How envelopes are written for one invocation. */
public record RenderOptions(Format format, boolean pretty, boolean terse) {
    public static final RenderOptions DEFAULT = new RenderOptions(Format.JSON, false, false);
}
