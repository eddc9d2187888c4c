package dev.uictl.engine.desktop.service;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The {@code @wN} refs of one session on one display. A listing renumbers them from w1 (topmost); between
 * listings existing refs keep pointing at their window and new windows get the next free numbers, so an
 * action never silently retargets a ref.
 */
final class RefTable {
    private final Map<Long, Integer> byXid = new HashMap<>();
    private final Map<Integer, Long> byRef = new HashMap<>();
    private int next = 1;

    /** Renumbers: {@code topmostFirst.get(i)} becomes w(i+1). */
    synchronized void renumber(List<Long> topmostFirst) {
        byXid.clear();
        byRef.clear();
        next = 1;
        topmostFirst.forEach(this::assign);
    }

    /** The ref of {@code xid}, assigning the next number to a window seen for the first time. */
    synchronized int refOf(long xid) {
        Integer ref = byXid.get(xid);
        return ref != null ? ref : assign(xid);
    }

    /** The window a ref pointed at when it was handed out. */
    synchronized OptionalLong xidOf(int ref) {
        Long xid = byRef.get(ref);
        return xid == null ? OptionalLong.empty() : OptionalLong.of(xid);
    }

    synchronized void clear() {
        renumber(List.of());
    }

    private int assign(long xid) {
        int ref = next++;
        byXid.put(xid, ref);
        byRef.put(ref, xid);
        return ref;
    }
}
