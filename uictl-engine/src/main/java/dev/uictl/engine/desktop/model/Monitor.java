package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;

@Describe("One monitor as RandR reports it")
public record Monitor(String name, int x, int y, int width, int height, int widthMm, int heightMm, boolean primary,
                      @Describe("created automatically by the server rather than defined by a client") boolean automatic) {
}
