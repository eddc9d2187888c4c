package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The foreground process group of one terminal and what it is doing ({@link ForegroundActivity}). /proc lists no
 * group's members, and reading every process's stat costs ~2 ms of CPU (120 processes), too much for each settle; so
 * the members found are kept. A group gains members by fork, which hands out the next pid (the last one handed out
 * is in /proc/loadavg): so only processes whose pids were handed out since the last look are read, and every process
 * only when the foreground group changed (a new job). The group's leader is looked at first: busy, it decides alone.
 */
final class ForegroundGroup {
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private final int sessionLeader;
    private int group = -1;
    private int newestPid = -1;
    private final List<Integer> others = new ArrayList<>();

    ForegroundGroup(int sessionLeader) {
        this.sessionLeader = sessionLeader;
    }

    synchronized ForegroundActivity activity() {
        String[] leader = ForegroundProbe.statFields(sessionLeader);
        if (leader == null || ForegroundActivity.gone(leader)) {
            return ForegroundActivity.STOPPED;
        }
        int tpgid = Integer.parseInt(leader[5]);
        int now = tpgid > 0 ? tpgid : Integer.parseInt(leader[2]);
        ForegroundActivity first = ForegroundActivity.ofProcess(now);
        if (first == ForegroundActivity.RUNNING) {
            return first;
        }
        int newest = newestPid(); // read before the scan: a fork after it is found next time
        if (now != group || newest < 0 || newestPid < 0) {
            others.clear();
            addMembers(now, pid -> true);
        } else if (newest != newestPid) {
            int since = newestPid;
            // pids are handed out in a circle: the new ones lie after the last seen, up to the newest
            addMembers(now, pid -> since < newest ? pid > since && pid <= newest : pid > since || pid <= newest);
        }
        group = now;
        newestPid = newest;
        List<ForegroundActivity> members = new ArrayList<>();
        if (first != null) {
            members.add(first);
        }
        others.removeIf(pid -> !inGroup(ForegroundProbe.statFields(pid), now));
        for (int pid : others) {
            ForegroundActivity member = ForegroundActivity.ofProcess(pid);
            if (member != null) {
                members.add(member);
            }
        }
        return ForegroundActivity.of(members);
    }

    /** Adds the members of process group {@code pgrp} but its leader among the processes {@code looked} accepts. */
    private void addMembers(int pgrp, IntPredicate looked) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(ForegroundActivity.PROC,
                p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                int pid = Integer.parseInt(dir.getFileName().toString());
                if (pid != pgrp && looked.test(pid) && !others.contains(pid)
                        && inGroup(ForegroundProbe.statFields(dir), pgrp)) {
                    others.add(pid);
                }
            }
        } catch (IOException e) {
            // cannot list /proc: the members known (and the group's leader) are all there is to go by
        }
    }

    private static boolean inGroup(String[] stat, int pgrp) {
        return stat != null && !ForegroundActivity.gone(stat) && Integer.parseInt(stat[2]) == pgrp;
    }

    /** The last pid the kernel handed out (the fifth field of /proc/loadavg); -1 when unreadable. */
    private static int newestPid() {
        try {
            String[] f = Files.readString(LOADAVG).trim().split(" ");
            return f.length >= 5 ? Integer.parseInt(f[4]) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
