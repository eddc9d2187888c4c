package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.Bounds;
import java.util.Set;

/**
 * What to snapshot and how to shape it. Scope: at most one of app, window (selector), pid, root (element ref or
 * query); none means the focused window. Shape: interactive (-i), depth, compact, includeBounds, roles, bbox,
 * skeleton, shortKeys; since = diff against that snapshot instead of the tree.
 */
public record SnapshotRequest(String app, String window, Long pid, String root, boolean interactive, Integer depth,
                              boolean compact, boolean includeBounds, Set<String> roles, Bounds bbox,
                              boolean skeleton, boolean shortKeys, String since, int maxNodes) {
    public static final int SKELETON_DEPTH = 3;
    public static final int DEFAULT_MAX_NODES = 5000;

    public static SnapshotRequest focused() {
        return new SnapshotRequest(null, null, null, null, false, null, false, false, Set.of(), null, false, false,
                null, DEFAULT_MAX_NODES);
    }

    int walkDepth() {
        int d = depth == null ? 64 : depth;
        return skeleton ? Math.min(d, SKELETON_DEPTH) : d;
    }
}
