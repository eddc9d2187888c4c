package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;

@Describe("A window's client-area size in pixels")
public record WindowSize(int width, int height) {
}
