package dev.uictl.vt;

/**
 * One screen cell. A wide character has width 2 and the following cell is its continuation ({@code ch ""},
 * width 0); a blank cell is {@code " "} with width 1; combining marks are appended to the base cell's {@code ch}.
 */
public record Cell(String ch, int width, Style style) {}
