package dev.uictl.engine.desktop.service;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.NativeWindow;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.select.SelectorMatcher;
import dev.uictl.engine.desktop.select.SelectorTerm;
import dev.uictl.engine.desktop.select.WindowSelector;
import dev.uictl.engine.desktop.spi.WindowSystem;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * One call's view of a display for one session: live windows with their ids and refs, and selector resolution.
 * Its waits end early when the call's {@code cancellation} is cancelled.
 */
record DesktopView(DisplayState display, WindowSystem system, RefTable refs, Cancellation cancellation) {
    /** Live windows, topmost first, keeping existing refs and numbering new windows after them. */
    List<Window> windows() {
        List<NativeWindow> raw = system.windows();
        Set<Long> live = new HashSet<>();
        raw.forEach(n -> live.add(n.xid()));
        display.ids.retainOnly(live);
        return raw.stream().map(n -> toWindow(n, refs.refOf(n.xid()))).toList();
    }

    /** Live windows renumbered w1..wN topmost first (a listing). */
    List<Window> listing() {
        List<NativeWindow> raw = system.windows();
        refs.renumber(raw.stream().map(NativeWindow::xid).toList());
        Set<Long> live = new HashSet<>();
        raw.forEach(n -> live.add(n.xid()));
        display.ids.retainOnly(live);
        return raw.stream().map(n -> toWindow(n, refs.refOf(n.xid()))).toList();
    }

    /** One live window (keeping or assigning its ref), without describing the others. */
    Optional<Window> window(long xid) {
        return system.window(xid).map(n -> toWindow(n, refs.refOf(n.xid())));
    }

    /** The active window, empty when none. */
    Optional<Window> active() {
        return system.active().map(n -> toWindow(n, refs.refOf(n.xid())));
    }

    /** The one window {@code selector} names; a vanished ref is STALE_REF rather than "not found". */
    Window resolve(WindowSelector selector) {
        List<Window> windows = windows();
        try {
            return SelectorMatcher.resolve(selector, windows);
        } catch (UictlException e) {
            if (e.code() == ErrorCode.SELECTOR_NOT_FOUND && selector.isRef()) {
                int ref = ((SelectorTerm.Ref) selector.terms().getFirst()).number();
                if (refs.xidOf(ref).isPresent()) {
                    throw UictlException.of(ErrorCode.STALE_REF, "window @w" + ref + " no longer exists")
                            .withHint("Run `uictl list-windows` for fresh refs.")
                            .withDetail("selector", selector.text()).withDetail("mode", "ref");
                }
            }
            throw e;
        }
    }

    /** Re-reads the windows until {@code done} holds for the window (empty = gone) or the time is up. */
    Optional<Window> awaitWindow(long xid, Function<Optional<Window>, Boolean> done, long timeoutMs) {
        long deadline = System.nanoTime() + ChangeSignal.millisToNanos(timeoutMs);
        while (true) {
            long seen = display.signal.version();
            Optional<Window> now = window(xid);
            long left = deadline - System.nanoTime();
            if (done.apply(now) || left <= 0 || cancellation.isCancelled()) {
                return now;
            }
            display.signal.awaitChange(seen, Math.min(left, ChangeSignal.millisToNanos(100)), cancellation);
        }
    }

    /**
     * Waits until no window event arrived for {@code quietMs} (at most {@code maxMs}), then reads the window: a
     * window manager may still be moving a frame whose state already changed.
     */
    Optional<Window> awaitQuiet(long xid, long quietMs, long maxMs) {
        long deadline = System.nanoTime() + ChangeSignal.millisToNanos(maxMs);
        while (!cancellation.isCancelled()) {
            long seen = display.signal.version();
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            display.signal.awaitChange(seen, Math.min(left, ChangeSignal.millisToNanos(quietMs)), cancellation);
            if (display.signal.version() == seen) {
                break;
            }
        }
        return window(xid);
    }

    static long xidOf(Window w) {
        return Long.decode(w.xid());
    }

    private Window toWindow(NativeWindow n, int ref) {
        return new Window("w" + ref, display.ids.idOf(n.xid()), "0x" + Long.toHexString(n.xid()), n.title(),
                n.appName(), n.pid() > 0 ? n.pid() : null, n.x(), n.y(), n.width(), n.height(), n.focused(),
                n.minimized(), n.maximized(), n.visible(), n.desktop() >= 0 ? n.desktop() : null, n.type().isEmpty() ? null : n.type(),
                null);
    }
}
