package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("An accessibility snapshot: the element tree of a window or application with refs for its interactive "
        + "elements")
public record Snapshot(
        @Describe("id of this snapshot; qualified refs are @<snapshot_id>:eN") String snapshotId,
        @Describe("application name on the accessibility bus") String app,
        @Describe("application process id") long pid,
        @Describe("the X window the tree belongs to, when matched") @Nullable SnapshotWindow window,
        @Describe("number of refs handed out") int refCount,
        @Describe("number of elements in the tree") int nodeCount,
        @Describe("false when a budget left elements out (see children_count)") boolean complete,
        @Describe("the tree (absent with --short-keys)") @Nullable Element tree,
        @Describe("the tree with one-letter keys, with --short-keys") @Nullable ShortElement shortTree,
        @Describe("accessible windows of the desktop, when no scope was given") @Nullable List<SnapshotWindow> windows,
        @Describe("the annotated screenshot, with --screenshot/--annotate") @Nullable String screenshot,
        @Describe("the changes since --since, instead of the tree") @Nullable SnapshotDiff diff,
        @Describe("what the walk could not show, e.g. children an application has not built") @Nullable
        List<String> warnings)
        implements TextView {

    @Describe("A top-level accessible window and the X window it was matched to (pid, title, geometry)")
    public record SnapshotWindow(@Describe("X window ref of the latest listing (@wN)") @Nullable String refId,
                                 @Describe("daemon-stable X window id (id=winN)") @Nullable String windowId,
                                 String title, @Describe("application") @Nullable String app,
                                 @Nullable Long pid,
                                 @Describe("true when the window exposes an accessibility tree") boolean accessible) {
    }

    @Override
    public String toText() {
        StringBuilder out = new StringBuilder();
        out.append("# snapshot ").append(snapshotId).append(" app=").append(app).append(" pid=").append(pid);
        if (window != null) {
            out.append(" window=").append(window.refId() == null ? "" : "@" + window.refId() + " ")
                    .append(window.windowId() == null ? "" : window.windowId() + " ")
                    .append('"').append(window.title()).append('"');
        }
        out.append(" refs=").append(refCount).append(complete ? "" : " INCOMPLETE").append('\n');
        if (diff != null) {
            out.append(diff.toText());
        } else if (tree != null) {
            TextTree.append(out, tree, 0);
        } else if (shortTree != null) {
            out.append("(use JSON for --short-keys)\n");
        }
        if (windows != null) {
            for (SnapshotWindow w : windows) {
                out.append("# window ").append(w.refId() == null ? "-" : "@" + w.refId()).append(' ')
                        .append('"').append(w.title()).append('"').append(w.accessible() ? "" : " (no a11y)")
                        .append('\n');
            }
        }
        if (screenshot != null) {
            out.append("# screenshot ").append(screenshot).append('\n');
        }
        return out.toString();
    }
}
