package dev.uictl.atspi.walk;

import java.util.List;

/**
 * A walked tree: {@code complete} is false when the node budget or a container's child cap left nodes out (not for
 * the depth the caller asked for); {@code skipped} counts children that vanished during the walk.
 */
public record WalkResult(Node root, boolean complete, int nodeCount, int skipped, List<String> warnings) {
    public WalkResult {
        warnings = List.copyOf(warnings);
    }
}
