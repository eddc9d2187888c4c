package dev.uictl.vt.screen;

import java.util.ArrayList;
import java.util.List;

/** Lines scrolled off the top of the normal screen: a bounded ring, oldest dropped first (xterm.js CircularList). */
final class Scrollback {

    private final int limit;
    private Line[] ring;
    private int start;
    private int size;

    Scrollback(int limit) {
        if (limit < 0) throw new IllegalArgumentException("scrollback limit must be >= 0: " + limit);
        this.limit = limit;
        this.ring = new Line[initialCapacity()];
    }

    private int initialCapacity() {
        return Math.max(1, Math.min(16, limit));
    }

    int size() {
        return size;
    }

    /** Adds a line; returns the line evicted to make room (for reuse), or null. */
    Line push(Line line) {
        if (limit == 0) return line;
        Line evicted = null;
        if (size == limit) {
            evicted = ring[start];
            ring[start] = null;
            if (++start == ring.length) start = 0;
            size--;
        } else if (size == ring.length) {
            grow();
        }
        int slot = start + size;
        if (slot >= ring.length) slot -= ring.length;   // no modulo: this runs for every line of bulk output
        ring[slot] = line;
        size++;
        return evicted;
    }

    /** Removes and returns the newest line (for re-exposing history when the screen grows), or null. */
    Line popNewest() {
        if (size == 0) return null;
        int slot = (start + size - 1) % ring.length;
        Line line = ring[slot];
        ring[slot] = null;
        size--;
        return line;
    }

    /** Removes and returns all lines, oldest first (reflow re-wraps them and pushes them back). */
    List<Line> drain() {
        var out = new ArrayList<Line>(size);
        for (int i = 0; i < size; i++) out.add(ring[(start + i) % ring.length]);
        clear();
        return out;
    }

    void clear() {
        ring = new Line[initialCapacity()];
        start = 0;
        size = 0;
    }

    /** The newest {@code count} lines as text, oldest first. */
    List<String> tail(int count) {
        int n = Math.min(count, size);
        var out = new ArrayList<String>(n);
        for (int i = size - n; i < size; i++) out.add(ring[(start + i) % ring.length].text());
        return out;
    }

    private void grow() {
        var bigger = new Line[Math.min(ring.length * 2, limit)];
        for (int i = 0; i < size; i++) bigger[i] = ring[(start + i) % ring.length];
        ring = bigger;
        start = 0;
    }
}
