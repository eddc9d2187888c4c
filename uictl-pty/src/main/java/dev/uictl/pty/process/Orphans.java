package dev.uictl.pty.process;

import dev.uictl.pty.libc.ErrnoException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Processes left behind by an owner that died before it could end them (a daemon killed with SIGKILL, a client
 * that crashed while running sessions in-process): every live process carrying a {@link ProcessMarker} named
 * {@code markerName} whose owner is gone. This process and its ancestors are never included, nor processes whose
 * owner lives in another PID namespace (its pids cannot be checked from here).
 */
public final class Orphans {
    private Orphans() {
    }

    /** Ends the orphans like a terminal's tree: {@code signal}, then SIGKILL for survivors after {@code grace}. */
    public static TerminationReport end(String markerName, Signal signal, Duration grace) throws PtyException {
        try {
            return TreeTerminator.terminate(table -> select(markerName, table), signal, grace);
        } catch (ErrnoException e) {
            throw new TerminalIoException("ending orphaned processes failed: " + e.getMessage(), e);
        }
    }

    static List<ProcessInfo> select(String markerName, Map<Integer, ProcessInfo> table) {
        Set<Integer> spared = selfAndAncestors(table);
        List<ProcessInfo> out = new ArrayList<>();
        for (ProcessInfo p : table.values()) {
            if (p.zombie() || p.pid() == 1 || spared.contains(p.pid())) {
                continue;
            }
            List<ProcessMarker> markers = ProcessMarker.valuesIn(p.pid(), markerName).stream()
                    .map(v -> new ProcessMarker(markerName, v)).toList();
            // Every marker it carries must name an owner known to be dead; an inherited live one keeps it.
            if (!markers.isEmpty()
                    && markers.stream().allMatch(m -> m.owner().filter(ProcessMarker.Owner::knownDead).isPresent())) {
                out.add(p);
            }
        }
        return out;
    }

    private static Set<Integer> selfAndAncestors(Map<Integer, ProcessInfo> table) {
        Set<Integer> chain = new HashSet<>();
        ProcessInfo current = table.get((int) ProcessHandle.current().pid());
        chain.add((int) ProcessHandle.current().pid());
        while (current != null && current.ppid() > 1 && chain.add(current.ppid())) {
            current = table.get(current.ppid());
        }
        return chain;
    }
}
