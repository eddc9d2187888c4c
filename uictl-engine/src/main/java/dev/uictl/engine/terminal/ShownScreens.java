package dev.uictl.engine.terminal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The last screens a session handed out, by snapshot id (rows, cursor, title, modes; no cells or scrollback), so
 * {@code term wait --since ID} can tell new output from text that was already there and {@code --diff} and
 * {@code --terse} can compare with them. Bounded: the oldest are forgotten.
 */
final class ShownScreens {
    static final int KEPT = 64;
    private final Map<String, ScreenView> byId = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ScreenView> eldest) {
            return size() > KEPT;
        }
    };

    void remember(ScreenView shown) {
        ScreenView v = shown.cells() != null || shown.runs() != null || shown.scrollback() != null
                ? shown.withoutCells(false) : shown;
        byId.put(v.snapshotId(), v);
    }

    Optional<ScreenView> view(String snapshotId) {
        return Optional.ofNullable(byId.get(snapshotId));
    }

    Optional<List<String>> rows(String snapshotId) {
        return view(snapshotId).map(ScreenView::lines);
    }
}
