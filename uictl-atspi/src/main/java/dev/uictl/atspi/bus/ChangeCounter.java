package dev.uictl.atspi.bus;

import dev.uictl.atspi.iface.AtspiSignal;
import dev.uictl.atspi.iface.Barrier;
import dev.uictl.atspi.iface.ObjectEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.freedesktop.dbus.exceptions.DBusException;

/**
 * Tells whether an application has changed since a moment: every AT-SPI event an application sends (children,
 * states, properties, text, bounds, windows) stamps the application with the next number of one sequence. A reader
 * that remembers an application's stamp can later reuse what it read, as long as the stamp is the same — once
 * {@link #stamp} has made sure every event the application sent before has been counted.
 *
 * <p>Counting starts when the connection's event registrations can have reached the applications
 * ({@link AtspiConnection#eventsSettledAt()}); before that no stamp is given, so nothing is reused on the word of an
 * application that was not yet reporting its changes.
 */
public final class ChangeCounter implements AutoCloseable {
    /** Applications remembered at most; past it every stamp is forgotten at once, which only costs reuse. */
    private static final int MAX_APPS = 4096;

    /** A barrier crosses the bus daemon and back (well under a millisecond); this much means it never will. */
    private static final Duration BARRIER_WAIT = Duration.ofMillis(500);

    private final AtspiConnection bus;
    private volatile boolean barrierLost;
    private final AtomicLong sequence = new AtomicLong();
    private final Map<String, Log> logs = new ConcurrentHashMap<>();
    /** Stamp of every application without a log: raised whenever the logs are cleared. */
    private volatile long floor;
    private final Map<Long, CompletableFuture<Void>> barriers = new ConcurrentHashMap<>();
    private final AtomicLong tokens = new AtomicLong();
    private final List<AutoCloseable> subscriptions;

    ChangeCounter(AtspiConnection bus) {
        this.bus = bus;
        this.subscriptions = List.of(
                Events.subscribe(bus, e -> changed(e.sender(), e.path(), e.type(), e.detail(), e.detail1())),
                on(ObjectEvents.BoundsChanged.class, "object:bounds-changed"),
                on(ObjectEvents.RowInserted.class, "object:row-inserted"),
                on(ObjectEvents.RowDeleted.class, "object:row-deleted"),
                on(ObjectEvents.RowReordered.class, "object:row-reordered"),
                on(ObjectEvents.ModelChanged.class, "object:model-changed"),
                on(ObjectEvents.VisibleDataChanged.class, "object:visible-data-changed"),
                bus.onSignal(Barrier.Ping.class, p -> {
                    CompletableFuture<Void> waiting = barriers.remove(p.token());
                    if (waiting != null) {
                        waiting.complete(null);
                    }
                }));
    }

    /** The events a watch does not stream but that change what a walk reads. */
    private AutoCloseable on(Class<? extends AtspiSignal> signal, String type) {
        return bus.onSignal(signal, s -> changed(s.getSource(), s.getPath(), type, s.detail(), s.detail1()));
    }

    /**
     * One event as the log keeps it: its place in the sequence, the object, the AT-SPI type and detail, and detail1
     * (for a state change, 1 when the state was set).
     */
    public record Change(long seq, String path, String type, String detail, int detail1) {
        private What what() {
            return new What(path, type, detail);
        }
    }

    /** What an event says changed; a later event saying the same replaces the earlier one in the log. */
    private record What(String path, String type, String detail) {
    }

    /**
     * The latest event of each kind on each object of one application, oldest first; up to which stamp older ones
     * were dropped; and the application's stamp (its newest event's). Folding repeats keeps a large change (a page
     * switch: hundreds of objects reporting their states and bounds, some several times) within the log, so it
     * can still be brought up to date instead of walked again.
     */
    private static final class Log {
        private static final int MAX = 4096;
        private final LinkedHashMap<What, Change> changes = new LinkedHashMap<>();
        private long droppedThrough;
        private volatile long last;

        /** A log begun at stamp {@code from}: it cannot tell what happened before (the logs were cleared then). */
        Log(long from) {
            droppedThrough = from;
            last = from;
        }

        synchronized void add(Change c) {
            changes.remove(c.what());
            if (changes.size() == MAX) {
                droppedThrough = changes.pollFirstEntry().getValue().seq();
            }
            changes.put(c.what(), c);
            last = c.seq();
        }

        synchronized Optional<List<Change>> since(long stamp) {
            if (droppedThrough > stamp) {
                return Optional.empty();
            }
            List<Change> newer = new ArrayList<>();
            for (Change c : changes.sequencedValues().reversed()) {
                if (c.seq() <= stamp) {
                    break;
                }
                newer.add(c);
            }
            return Optional.of(newer.reversed());
        }
    }

    private void changed(String app, String path, String type, String detail, int detail1) {
        if (app == null) {
            return;
        }
        if (logs.size() >= MAX_APPS) {
            floor = sequence.incrementAndGet();
            logs.clear();
        }
        long seq = sequence.incrementAndGet();
        logs.computeIfAbsent(app, a -> new Log(floor)).add(new Change(seq, path, type, detail, detail1));
    }

    private long stampOf(String app) {
        Log log = logs.get(app);
        return log == null ? floor : log.last;
    }

    /**
     * What the application reported after {@code stamp} (a value {@link #stamp} gave), oldest first; empty when
     * the log no longer reaches back that far.
     */
    public Optional<List<Change>> since(String app, long stamp) {
        Log log = logs.get(app);
        if (log == null) {
            return floor == stamp ? Optional.of(List.of()) : Optional.empty();
        }
        return log.since(stamp);
    }

    /**
     * The application's stamp now, counting every event it sent before its reply to a call the caller has already
     * received (that reply is the caller's proof of "before"); empty while changes are not yet reported reliably.
     */
    public OptionalLong stamp(String app, Budget budget) {
        if (barrierLost || System.nanoTime() - bus.eventsSettledAt() < 0) {
            return OptionalLong.empty();
        }
        try {
            awaitEarlierSignals(budget.atMost(BARRIER_WAIT));
        } catch (AtspiException.Unresponsive | AtspiException.OutOfTime | AtspiException.CallFailed e) {
            // a bus that does not hand our own signal back cannot vouch for anything: stop asking it
            barrierLost = !budget.expired();
            return OptionalLong.empty();
        }
        return OptionalLong.of(stampOf(app));
    }

    /** Sends a {@link Barrier.Ping} to ourselves and waits until the signal thread has handled it. */
    private void awaitEarlierSignals(Budget budget) {
        long token = tokens.incrementAndGet();
        CompletableFuture<Void> seen = new CompletableFuture<>();
        barriers.put(token, seen);
        try {
            bus.send(new Barrier.Ping(Barrier.PATH, token));
            AtspiConnection.await(seen, budget, "org.freedesktop.DBus", "barrier");
        } catch (DBusException e) {
            throw new AtspiException.CallFailed(null, "cannot send the barrier signal", e);
        } finally {
            barriers.remove(token);
        }
    }

    @Override
    public void close() {
        for (AutoCloseable s : subscriptions) {
            try {
                s.close();
            } catch (Exception ignored) {
                // the connection is closing anyway
            }
        }
    }
}
