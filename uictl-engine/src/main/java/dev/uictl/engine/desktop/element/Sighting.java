package dev.uictl.engine.desktop.element;

/**
 * An element's extents as read at or before {@code readByNanos} ({@link System#nanoTime()}): what a snapshot or an
 * earlier walk saw. Two reads at least one frame apart that agree prove the element held still in between, so an
 * action on an element an agent looked at earlier needs no frame of waiting to know it is not moving.
 */
public record Sighting(Bounds bounds, long readByNanos) {
    /** Whether {@code now}, read at or after {@code readFromNanos}, agrees with this reading at least {@code gapNanos} later. */
    public boolean confirmsStill(Bounds now, long readFromNanos, long gapNanos) {
        return bounds.equals(now) && readFromNanos - readByNanos >= gapNanos;
    }
}
