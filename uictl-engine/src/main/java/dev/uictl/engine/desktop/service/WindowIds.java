package dev.uictl.engine.desktop.service;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Daemon-stable window ids ({@code win5}) of one display: given on first sight of an X window, kept while it
 * lives, never reused (the counter survives an X server restart, the mapping does not).
 */
final class WindowIds {
    private final Map<Long, String> byXid = new HashMap<>();
    private int next = 1;

    synchronized String idOf(long xid) {
        return byXid.computeIfAbsent(xid, x -> "win" + next++);
    }

    /** Forgets windows that no longer exist. */
    synchronized void retainOnly(Set<Long> live) {
        byXid.keySet().retainAll(live);
    }

    /** The X server restarted: old xids mean nothing now. */
    synchronized void forgetAll() {
        byXid.clear();
    }
}
