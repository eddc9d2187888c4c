package dev.uictl.pty.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live processes that belong to a terminal's program: its descendants, every process still in its session or
 * process group (background jobs, nohup'ed children whose parent already exited), and every process carrying its
 * {@link ProcessMarker} (daemons that double-forked into a session of their own). Read from /proc.
 */
final class ProcessTree {
    private static final int MAX_DEPTH = 4096;

    private ProcessTree() {
    }

    static Map<Integer, ProcessInfo> scan() {
        Map<Integer, ProcessInfo> table = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), p -> isNumeric(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                ProcessInfo.read(Integer.parseInt(dir.getFileName().toString())).ifPresent(p -> table.put(p.pid(), p));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return table;
    }

    /**
     * Live (non-zombie) members of the tree rooted at {@code root}, whose session and group id is {@code root}, and
     * the processes carrying {@code marker}.
     */
    static List<ProcessInfo> members(int root, ProcessMarker marker, Map<Integer, ProcessInfo> table) {
        int self = (int) ProcessHandle.current().pid();
        List<ProcessInfo> out = new ArrayList<>();
        for (ProcessInfo p : table.values()) {
            if (p.zombie() || p.pid() == self || p.pid() == 1) {
                continue;
            }
            if (p.session() == root || p.pgrp() == root || descends(p, root, table) || marker.carriedBy(p.pid())) {
                out.add(p);
            }
        }
        return out;
    }

    private static boolean descends(ProcessInfo p, int root, Map<Integer, ProcessInfo> table) {
        ProcessInfo current = p;
        for (int depth = 0; current != null && depth < MAX_DEPTH; depth++) {
            if (current.pid() == root) {
                return true;
            }
            if (current.ppid() <= 1) {
                return false;
            }
            current = table.get(current.ppid());
        }
        return false;
    }

    private static boolean isNumeric(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }
}
