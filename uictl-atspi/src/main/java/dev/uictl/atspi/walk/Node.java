package dev.uictl.atspi.walk;

import java.util.List;

/**
 * One accessible in a walked tree: what it says about itself, its screen bounds (when asked for and it has a
 * Component), its children in order, and whether children were left out (depth or node budget).
 */
public record Node(NodeInfo info, Bounds bounds, List<Node> children, boolean truncated) {
    public Node {
        children = List.copyOf(children);
    }

    /** Number of nodes in this subtree, itself included. */
    public int size() {
        int n = 1;
        for (Node c : children) {
            n += c.size();
        }
        return n;
    }
}
