package dev.uictl.engine.desktop.model;

/** A client-area rectangle in root coordinates. */
public record Geometry(int x, int y, int width, int height) {
}
