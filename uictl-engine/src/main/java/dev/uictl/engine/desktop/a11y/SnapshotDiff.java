package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("What changed between two snapshots of the same scope, matched by element identity")
public record SnapshotDiff(@Describe("the earlier snapshot") String since,
                           @Describe("elements that appeared") List<Entry> added,
                           @Describe("elements that went away") List<Entry> removed,
                           @Describe("elements whose name, value or states changed") List<Change> changed) {

    @Describe("One element of a diff")
    public record Entry(@Nullable String refId, String role, @Nullable String name, String path) {
    }

    @Describe("One changed element: what it was and what it is")
    public record Change(@Nullable String refId, String role, String path, @Nullable String name,
                         @Describe("field → [before, after]") java.util.Map<String, List<String>> fields) {
    }

    String toText() {
        StringBuilder out = new StringBuilder();
        out.append("# since ").append(since).append(": +").append(added.size()).append(" -").append(removed.size())
                .append(" ~").append(changed.size()).append('\n');
        added.forEach(e -> out.append("+ ").append(line(e.role(), e.name(), e.refId())).append('\n'));
        removed.forEach(e -> out.append("- ").append(line(e.role(), e.name(), e.refId())).append('\n'));
        changed.forEach(c -> out.append("~ ").append(line(c.role(), c.name(), c.refId())).append(' ')
                .append(c.fields()).append('\n'));
        return out.toString();
    }

    private static String line(String role, String name, String ref) {
        return role + (name == null ? "" : " \"" + name + "\"") + (ref == null ? "" : " [ref=" + ref + "]");
    }
}
