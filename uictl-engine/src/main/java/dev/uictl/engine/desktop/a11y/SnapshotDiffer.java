package dev.uictl.engine.desktop.a11y;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares two snapshots element by element. An element's identity key is its path of (role, name, occurrence
 * among same-role same-name siblings) from the root, so inserting a sibling does not make everything after it look
 * changed; changed means same key with a different value, description or states.
 */
final class SnapshotDiffer {
    private SnapshotDiffer() {
    }

    /** An element's fingerprint. */
    record Print(String ref, String role, String name, String value, String description, List<String> states,
                 String path) {
    }

    static SnapshotDiff diff(StoredSnapshot before, Map<String, Print> after, String since) {
        List<SnapshotDiff.Entry> added = new ArrayList<>();
        List<SnapshotDiff.Entry> removed = new ArrayList<>();
        List<SnapshotDiff.Change> changed = new ArrayList<>();
        for (var e : after.entrySet()) {
            Print now = e.getValue();
            Print was = before.prints().get(e.getKey());
            if (was == null) {
                added.add(new SnapshotDiff.Entry(now.ref(), now.role(), blank(now.name()), now.path()));
                continue;
            }
            Map<String, List<String>> fields = new LinkedHashMap<>();
            field(fields, "value", was.value(), now.value());
            field(fields, "description", was.description(), now.description());
            field(fields, "states", String.join(",", was.states()), String.join(",", now.states()));
            if (!fields.isEmpty()) {
                changed.add(new SnapshotDiff.Change(now.ref(), now.role(), now.path(), blank(now.name()), fields));
            }
        }
        for (var e : before.prints().entrySet()) {
            if (!after.containsKey(e.getKey())) {
                Print was = e.getValue();
                removed.add(new SnapshotDiff.Entry(was.ref(), was.role(), blank(was.name()), was.path()));
            }
        }
        return new SnapshotDiff(since, added, removed, changed);
    }

    private static void field(Map<String, List<String>> out, String name, String before, String after) {
        if (!Objects.equals(before, after)) {
            out.put(name, java.util.Arrays.asList(before, after));
        }
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
