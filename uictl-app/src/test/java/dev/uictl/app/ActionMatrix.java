package dev.uictl.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The typed action matrix: toolkit × action → what uictl answered, each cell checked against the application's own
 * record (its state file, its exit, its title), written as Markdown. A cell is "verified" (delivered_verified and
 * the application agrees), "unverified" (delivered_unverified and the application agrees), "refused CODE", or a
 * false claim (uictl said one thing and the application another): a false claim fails its test as it is recorded.
 */
final class ActionMatrix {
    private final Map<String, Map<String, String>> cells = new LinkedHashMap<>();
    private final Set<String> actions = new LinkedHashSet<>();

    synchronized void record(String toolkit, String action, String outcome) {
        actions.add(action);
        cells.computeIfAbsent(toolkit, t -> new LinkedHashMap<>()).put(action, outcome);
    }

    /** Whether every one of {@code toolkits} has a column: a partial run must not replace the committed table. */
    synchronized boolean covers(List<String> toolkits) {
        return cells.keySet().containsAll(toolkits);
    }

    synchronized long falseClaims() {
        return cells.values().stream().flatMap(m -> m.values().stream()).filter(o -> o.startsWith("FALSE")).count();
    }

    /** Writes the table; toolkits and actions in the order given, then any others in the order first recorded. */
    synchronized void write(Path file, String preface, List<String> toolkitOrder, List<String> actionOrder)
            throws IOException {
        List<String> toolkits = ordered(toolkitOrder, cells.keySet());
        List<String> rows = ordered(actionOrder, actions);
        StringBuilder md = new StringBuilder(preface).append("\n\n| action | ")
                .append(String.join(" | ", toolkits)).append(" |\n|---|");
        toolkits.forEach(t -> md.append("---|"));
        md.append('\n');
        for (String action : rows) {
            md.append("| ").append(action).append(" |");
            for (String t : toolkits) {
                md.append(' ').append(cells.get(t).getOrDefault(action, "—")).append(" |");
            }
            md.append('\n');
        }
        md.append("\nFalse claims: ").append(falseClaims()).append(".\n");
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, md);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static List<String> ordered(List<String> first, Set<String> present) {
        List<String> out = new ArrayList<>(first.stream().filter(present::contains).toList());
        present.stream().filter(p -> !out.contains(p)).forEach(out::add);
        return out;
    }
}
