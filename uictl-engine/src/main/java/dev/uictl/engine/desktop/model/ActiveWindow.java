package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;

@Describe("The active (focused) window")
public record ActiveWindow(Window window) {
}
