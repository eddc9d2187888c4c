package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.walk.Bounds;
import java.util.List;

/**
 * What a snapshot remembers about one ref: the live object, and evidence to re-identify it if the object is gone
 * (process identity, role, name, description, index path from the snapshot root, bounds, the window). Values
 * of editable controls are deliberately not evidence: typing into a field must not stale its ref. The bounds (null
 * without a Component) were read at or before {@code boundsReadBy} ({@link System#nanoTime()}).
 */
public record RefEntry(String ref, AccessibleId id, long pid, long processStart, int role, String name,
                       String description, List<Integer> path, AccessibleId root, Bounds bounds, long boundsReadBy,
                       WindowLink window) {

    /** The snapshot's window, as matched to X: daemon window id and title (both may be null). */
    public record WindowLink(String windowId, String title) {
    }
}
