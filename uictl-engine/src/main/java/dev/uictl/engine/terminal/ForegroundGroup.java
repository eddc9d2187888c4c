package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The foreground process group of one terminal and what it is doing ({@link ForegroundActivity}). /proc lists no
 * group's members, and reading every process's stat costs ~2 ms of CPU (120 processes), too much for each settle; so
 * the members found are kept and looked for again only when the foreground group changed or a process was created
 * anywhere since (the last pid handed out, in /proc/loadavg): a group gains members by fork, or as a new group (a
 * job brought to the foreground). The group's leader is looked at first: busy, it decides alone.
 */
final class ForegroundGroup {
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private final int sessionLeader;
    private int group = -1;
    private String newestPid = "";
    private List<Integer> others = List.of();

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
        String newest = newestPid(); // read before the scan: a fork after it shows next time
        if (now != group || !newest.equals(newestPid) || newest.isEmpty()) {
            others = othersIn(now);
            group = now;
            newestPid = newest;
        }
        List<ForegroundActivity> members = new ArrayList<>();
        if (first != null) {
            members.add(first);
        }
        for (int pid : others) {
            String[] stat = ForegroundProbe.statFields(pid);
            if (stat != null && !ForegroundActivity.gone(stat) && Integer.parseInt(stat[2]) == now) {
                ForegroundActivity member = ForegroundActivity.ofProcess(pid);
                if (member != null) {
                    members.add(member);
                }
            }
        }
        return ForegroundActivity.of(members);
    }

    /** The members of process group {@code pgrp} but its leader, from every process's stat. */
    private static List<Integer> othersIn(int pgrp) {
        List<Integer> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(ForegroundActivity.PROC,
                p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path dir : dirs) {
                int pid = Integer.parseInt(dir.getFileName().toString());
                String[] stat = pid == pgrp ? null : ForegroundProbe.statFields(dir);
                if (stat != null && !ForegroundActivity.gone(stat) && Integer.parseInt(stat[2]) == pgrp) {
                    found.add(pid);
                }
            }
        } catch (IOException e) {
            return List.of(); // cannot list /proc: the group's leader is all there is to go by
        }
        return found;
    }

    /** The last pid the kernel handed out (the fifth field of /proc/loadavg); empty when unreadable. */
    private static String newestPid() {
        try {
            String[] f = Files.readString(LOADAVG).trim().split(" ");
            return f.length >= 5 ? f[4] : "";
        } catch (IOException e) {
            return "";
        }
    }
}
