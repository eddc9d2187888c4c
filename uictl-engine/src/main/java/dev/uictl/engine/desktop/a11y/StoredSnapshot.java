package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import java.util.Map;

/**
 * A snapshot as the daemon keeps it: its scope root, its refs with evidence, and the fingerprint of every element
 * (identity key → role, name, value, states) for {@code snapshot --since}.
 */
record StoredSnapshot(String id, AccessibleId root, long pid, Map<String, RefEntry> refs,
                      Map<String, SnapshotDiffer.Print> prints) {
}
