package dev.uictl.engine.desktop.events;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.ElementState;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import dev.uictl.engine.desktop.spi.AccessibilityTree.ElementEvent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The accessibility event stream for commands: {@link #idle} waits until no event arrived for a quiet period;
 * {@link #watch} hands events (and, for the window category, X window changes) to a writer until a duration or
 * count runs out. Both run on the caller's thread
 * within the caller's deadline and stop on its cancellation; listeners on the bus's signal threads only record.
 */
public final class AccessibilityEvents {
    /** Events buffered between the signal threads and the writer; beyond it they are counted as dropped. */
    static final int QUEUE = 10_000;
    /** Longest pause between checks of the deadline and the cancellation token. */
    static final long SLICE_MS = 50;
    /** Reading an event's element for its role and name gets at most this; a gone element has none. */
    static final long DESCRIBE_MS = 100;
    /** Elements whose role and name a watch remembers; beyond it events are written without them. */
    static final int DESCRIBED = 500;

    private final Supplier<AccessibilityBackend> backend;
    private final Supplier<DesktopService> desktop;

    public AccessibilityEvents(Supplier<AccessibilityBackend> backend, Supplier<DesktopService> desktop) {
        this.backend = backend;
        this.desktop = desktop;
    }

    public IdleResult idle(CallContext ctx, long quietMs, long timeoutMs) {
        AccessibilityTree tree = backend.get().tree(ctx);
        Deadline deadline = ctx.deadline().min(Deadline.afterMillis(timeoutMs));
        long started = System.nanoTime();
        long quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMs);
        AtomicLong last = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        AtomicReference<ElementEvent> lastEvent = new AtomicReference<>();
        AutoCloseable handle = tree.watch(e -> {
            if (noise(e)) {
                return;
            }
            last.accumulateAndGet(e.nanoTime(), Math::max);
            count.incrementAndGet();
            lastEvent.set(e);
        });
        try {
            // nothing before the subscription was seen: quiet counts from it
            last.accumulateAndGet(System.nanoTime(), Math::max);
            while (true) {
                long now = System.nanoTime();
                long quietFor = now - last.get();
                if (quietFor >= quietNanos) {
                    return new IdleResult("idle", quietMs, (now - started) / 1_000_000, count.get());
                }
                if (deadline.expired()) {
                    throw notIdle(quietMs, (now - started) / 1_000_000, count.get(), lastEvent.get());
                }
                long sleep = Math.min(TimeUnit.NANOSECONDS.toMillis(quietNanos - quietFor) + 1,
                        Math.min(SLICE_MS, Math.max(1, deadline.remainingMillis())));
                ctx.cancellation().sleep(sleep);
                ctx.cancellation().throwIfCancelled();
            }
        } finally {
            close(handle);
        }
    }

    /**
     * GTK announces every accessible it creates with a "defunct cleared" state change, and reading a tree (our own
     * snapshots and target resolution) creates them: not a change of the interface.
     */
    static boolean noise(ElementEvent e) {
        return e.kind().equals("object:state-changed") && "defunct".equals(e.detail()) && e.value() == 0;
    }

    private static UictlException notIdle(long quietMs, long elapsedMs, int events, ElementEvent last) {
        Map<String, Object> seen = new LinkedHashMap<>();
        if (last != null) {
            seen.put("kind", last.kind());
            seen.put("detail", last.detail());
            seen.put("source", last.element().toString());
        }
        return UictlException.of(ErrorCode.TIMEOUT, "the accessibility tree was never quiet for " + quietMs
                        + " ms within " + elapsedMs + " ms (" + events + " events)")
                .withDetail("kind", "not_idle")
                .withDetail("events", events)
                .withDetail("last_event", last == null ? null : seen)
                .withHint("Something keeps changing: see it with `uictl watch --duration 2000`, or shorten "
                        + "--quiet-ms.");
    }

    /**
     * Tells {@code subscribed} once subscribed, then writes each event of {@code categories} to {@code out} until
     * {@code durationMs} passed or {@code maxCount} events were written, whichever comes first (or the caller
     * cancels).
     */
    public WatchSummary watch(CallContext ctx, long durationMs, int maxCount, Set<EventCategory> categories,
                              Consumer<WatchStart> subscribed, Consumer<WatchEvent> out) {
        AccessibilityTree tree = backend.get().tree(ctx);
        // accessibility events and window changes, in arrival order
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE);
        AtomicLong dropped = new AtomicLong();
        AutoCloseable handle = tree.watch(e -> {
            if (!noise(e) && !queue.offer(e)) {
                dropped.incrementAndGet();
            }
        });
        long started = System.nanoTime();
        Deadline end = ctx.deadline().min(Deadline.afterMillis(durationMs));
        Cancellation windows = categories.contains(EventCategory.WINDOW)
                ? WindowChanges.follow(ctx, desktop.get(), end, c -> {
                    if (!queue.offer(c)) {
                        dropped.incrementAndGet();
                    }
                })
                : new Cancellation();
        Map<ElementHandle, ElementState> described = new HashMap<>();
        Map<String, Integer> byCategory = new LinkedHashMap<>();
        int written = 0;
        String ended;
        try {
            subscribed.accept(new WatchStart(categories.stream().map(EventCategory::wireName).toList(), durationMs,
                    maxCount));
            while (true) {
                if (ctx.cancellation().isCancelled()) {
                    ended = "cancelled";
                    break;
                }
                if (written >= maxCount) {
                    ended = "count";
                    break;
                }
                if (end.expired()) {
                    ended = "duration";
                    break;
                }
                Object item;
                try {
                    item = queue.poll(Math.min(SLICE_MS, Math.max(1, end.remainingMillis())), TimeUnit.MILLISECONDS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    ended = "cancelled";
                    break;
                }
                WatchEvent event = switch (item) {
                    case null -> null;
                    case ElementEvent e -> element(tree, e, categories, described, started);
                    case WindowChanges.Change c -> new WatchEvent(EventCategory.WINDOW.wireName(), "x:" + c.kind(),
                            c.window().windowId(), 0, "window", c.window().title(), c.window().windowId(),
                            (c.nanoTime() - started) / 1_000_000);
                    default -> null;
                };
                if (event == null) {
                    continue;
                }
                out.accept(event);
                byCategory.merge(event.category(), 1, Integer::sum);
                written++;
            }
        } finally {
            windows.cancel("the watch ended");
            close(handle);
        }
        return new WatchSummary(written, ended, (System.nanoTime() - started) / 1_000_000, dropped.get(), byCategory);
    }

    /** An accessibility event as a line, or null when its category was not asked for. */
    private static WatchEvent element(AccessibilityTree tree, ElementEvent e, Set<EventCategory> categories,
                                      Map<ElementHandle, ElementState> described, long started) {
        EventCategory category = EventCategory.of(e);
        if (!categories.contains(category)) {
            return null;
        }
        ElementState s = describe(tree, e.element(), described);
        return new WatchEvent(category.wireName(), e.kind(), e.detail() == null || e.detail().isEmpty()
                ? null : e.detail(), e.value(), s == null ? null : s.role(), s == null ? null : s.name(),
                e.element().toString(), (e.nanoTime() - started) / 1_000_000);
    }

    private static ElementState describe(AccessibilityTree tree, ElementHandle h, Map<ElementHandle, ElementState> cache) {
        if (cache.containsKey(h)) {
            return cache.get(h);
        }
        if (cache.size() >= DESCRIBED) {
            return null;
        }
        ElementState s;
        try {
            s = tree.read(h, Deadline.afterMillis(DESCRIBE_MS));
        } catch (UictlException gone) {
            s = null;
        }
        cache.put(h, s);
        return s;
    }

    private static void close(AutoCloseable handle) {
        try {
            handle.close();
        } catch (Exception ignored) {
            // unsubscribing from a connection that closed meanwhile
        }
    }
}
