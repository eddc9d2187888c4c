package dev.uictl.atspi.walk;

import java.util.List;

/**
 * A walked tree: {@code complete} is false when the node budget or a container's child cap left nodes out (not for
 * the depth the caller asked for); {@code skipped} counts children that vanished during the walk. Everything in it
 * was read at or before {@code readByNanos} ({@link System#nanoTime()}, taken when the walk ended): a later read
 * that agrees with it shows what held still in between.
 */
public record WalkResult(Node root, boolean complete, int nodeCount, int skipped, List<String> warnings,
                         long readByNanos) {
    public WalkResult {
        warnings = List.copyOf(warnings);
    }
}
