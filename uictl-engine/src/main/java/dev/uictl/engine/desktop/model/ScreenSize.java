package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;

@Describe("Size of the whole X screen in pixels")
public record ScreenSize(int width, int height) {
}
