package dev.uictl.engine.desktop.events;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.service.DesktopService;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The window side of `watch`: X windows opened, closed, activated and retitled, from the display's change events
 * (every window, accessible or not). Runs on its own virtual thread until stopped or the deadline; a caller without
 * a display has none.
 */
final class WindowChanges {
    /** One change of the window list: {@code kind} opened, closed, activated or retitled. */
    record Change(String kind, Window window, long nanoTime) {
    }

    /** Longest pause between re-reads of the window list when no X event woke the loop. */
    private static final long POLL_MS = 250;

    private WindowChanges() {
    }

    /** Starts following the caller's windows; the returned token stops it. */
    static Cancellation follow(CallContext ctx, DesktopService desktop, Deadline until, Consumer<Change> out) {
        Cancellation stop = new Cancellation();
        String display = ctx.env().get("DISPLAY");
        if (display == null || display.isBlank()) {
            return stop;
        }
        Cancellation.Registration parent = ctx.cancellation().onCancel(() -> stop.cancel("the caller went away"));
        CallContext own = new Own(ctx, stop, until);
        Thread.ofVirtual().name("watch-windows").start(() -> {
            Map<String, Window> known = new HashMap<>();
            boolean[] first = {true};
            try {
                desktop.waits().until(own, Math.max(0, until.remainingMillis()), POLL_MS, windows -> {
                    diff(known, windows, first[0], out);
                    first[0] = false;
                    return stop.isCancelled() ? Optional.of(true) : Optional.empty();
                });
            } catch (UictlException | Cancellation.CancelledException ended) {
                // the display went away or the watch ended: nothing more to report
            } finally {
                parent.close();
            }
        });
        return stop;
    }

    private static void diff(Map<String, Window> known, List<Window> windows, boolean first, Consumer<Change> out) {
        long now = System.nanoTime();
        Map<String, Window> current = new HashMap<>();
        for (Window w : windows) {
            current.put(w.windowId(), w);
            Window before = known.get(w.windowId());
            if (first) {
                continue;
            }
            if (before == null) {
                out.accept(new Change("opened", w, now));
            } else {
                if (w.focused() && !before.focused()) {
                    out.accept(new Change("activated", w, now));
                }
                if (!w.title().equals(before.title())) {
                    out.accept(new Change("retitled", w, now));
                }
            }
        }
        if (!first) {
            for (Window gone : known.values()) {
                if (!current.containsKey(gone.windowId())) {
                    out.accept(new Change("closed", gone, now));
                }
            }
        }
        known.clear();
        known.putAll(current);
    }

    /** The caller's context with the watch's own stop token and deadline. */
    private record Own(CallContext inner, Cancellation cancellation, Deadline deadline) implements CallContext {
        @Override
        public Path cwd() {
            return inner.cwd();
        }

        @Override
        public Map<String, String> env() {
            return inner.env();
        }

        @Override
        public String session() {
            return inner.session();
        }

        @Override
        public void onDisconnect(Runnable cleanup) {
            inner.onDisconnect(cleanup);
        }
    }
}
