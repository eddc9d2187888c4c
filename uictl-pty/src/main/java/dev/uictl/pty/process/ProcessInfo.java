package dev.uictl.pty.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** One line of {@code /proc/<pid>/stat}: the fields that place a process in a tree, a session and time. */
record ProcessInfo(int pid, int ppid, int pgrp, int session, long startTime, char state) {
    boolean zombie() {
        return state == 'Z' || state == 'X';
    }

    static Optional<ProcessInfo> read(int pid) {
        try {
            return Optional.of(parse(Files.readString(Path.of("/proc", Integer.toString(pid), "stat"))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // gone, or vanished mid-read
        }
    }

    /** The command name may hold spaces and parentheses, so fields are counted from its last ')'. */
    static ProcessInfo parse(String stat) {
        int pid = Integer.parseInt(stat.substring(0, stat.indexOf(' ')));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return new ProcessInfo(pid, Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                Long.parseLong(f[19]), f[0].charAt(0));
    }
}
