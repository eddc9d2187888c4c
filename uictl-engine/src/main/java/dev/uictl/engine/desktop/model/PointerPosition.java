package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;

@Describe("Mouse pointer position in root coordinates")
public record PointerPosition(int x, int y) {
}
