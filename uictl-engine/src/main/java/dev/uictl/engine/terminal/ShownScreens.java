package dev.uictl.engine.terminal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows of the last screens a session handed out, by snapshot id, so {@code term wait --since ID} can tell new
 * output from text that was already there. Bounded: the oldest are forgotten.
 */
final class ShownScreens {
    static final int KEPT = 64;
    private final Map<String, List<String>> byId = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<String>> eldest) {
            return size() > KEPT;
        }
    };

    void remember(String snapshotId, List<String> lines) {
        byId.put(snapshotId, List.copyOf(lines));
    }

    Optional<List<String>> rows(String snapshotId) {
        return Optional.ofNullable(byId.get(snapshotId));
    }
}
