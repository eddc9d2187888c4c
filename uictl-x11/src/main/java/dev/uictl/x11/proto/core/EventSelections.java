package dev.uictl.x11.proto.core;

import dev.uictl.x11.io.X11Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The events one connection selects on each window. X keeps a single mask per client and window, so two parts of a
 * program sharing a connection would overwrite each other's ChangeWindowAttributes; they add and withdraw their
 * interests here instead and the server always gets the union.
 */
public final class EventSelections {
    private final X11Connection x;
    private final Map<Integer, List<Integer>> interests = new HashMap<>();

    private EventSelections(X11Connection x) {
        this.x = x;
    }

    public static EventSelections of(X11Connection x) {
        return x.shared(EventSelections.class, EventSelections::new);
    }

    /** Adds {@code mask} to what this connection hears from {@code window} until the returned handle is closed. */
    public synchronized Selection select(int window, int mask) {
        int before = union(window);
        interests.computeIfAbsent(window, w -> new ArrayList<>()).add(mask);
        apply(window, before);
        return new Selection(window, mask);
    }

    /** Drops every interest in a destroyed window without a request (it would fail with BadWindow). */
    public synchronized void forget(int window) {
        interests.remove(window);
    }

    /** The mask the server has for {@code window} from this connection. */
    private int union(int window) {
        int union = 0;
        for (int m : interests.getOrDefault(window, List.of())) {
            union |= m;
        }
        return union;
    }

    private synchronized void withdraw(int window, int mask) {
        int before = union(window);
        List<Integer> masks = interests.get(window);
        if (masks == null || !masks.remove(Integer.valueOf(mask))) {
            return;
        }
        if (masks.isEmpty()) {
            interests.remove(window);
        }
        apply(window, before);
    }

    private void apply(int window, int before) {
        int now = union(window);
        if (now != before && x.isOpen()) {
            x.send(ChangeWindowAttributes.eventMask(window, now));
        }
    }

    /** One interest; closing it withdraws the mask (the server keeps the bits other interests still need). */
    public final class Selection implements AutoCloseable {
        private final int window;
        private final int mask;
        private boolean closed;

        private Selection(int window, int mask) {
            this.window = window;
            this.mask = mask;
        }

        @Override
        public void close() {
            synchronized (EventSelections.this) {
                if (!closed) {
                    closed = true;
                    withdraw(window, mask);
                }
            }
        }
    }
}
