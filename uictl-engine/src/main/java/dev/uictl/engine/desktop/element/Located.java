package dev.uictl.engine.desktop.element;

/**
 * A target resolved to a live element, with what was seen of it earlier when the resolution had that (the snapshot
 * a ref came from, the walk a query matched in); {@code earlier} is null otherwise.
 */
public record Located(ElementHandle handle, Sighting earlier) {
}
