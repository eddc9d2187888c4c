package dev.uictl.atspi.walk;

/**
 * How far a walk may go: at most {@code maxNodes} nodes, {@code maxDepth} levels below the root, {@code maxChildren}
 * children read from any one {@code manages-descendants} container (tables and lists can be huge), and whether
 * screen bounds are read.
 */
public record WalkLimits(int maxNodes, int maxDepth, int maxChildren, boolean bounds) {
    public static final WalkLimits DEFAULT = new WalkLimits(5000, 64, 500, true);

    public WalkLimits {
        if (maxNodes < 1 || maxDepth < 0 || maxChildren < 0) {
            throw new IllegalArgumentException("walk limits must be positive");
        }
    }

    public WalkLimits withMaxDepth(int depth) {
        return new WalkLimits(maxNodes, depth, maxChildren, bounds);
    }

    public WalkLimits withBounds(boolean b) {
        return new WalkLimits(maxNodes, maxDepth, maxChildren, b);
    }

    public WalkLimits withMaxNodes(int n) {
        return new WalkLimits(n, maxDepth, maxChildren, bounds);
    }
}
