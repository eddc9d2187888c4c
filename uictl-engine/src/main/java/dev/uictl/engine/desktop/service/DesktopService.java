package dev.uictl.engine.desktop.service;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.page.Pagination;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.model.ActiveWindow;
import dev.uictl.engine.desktop.model.MonitorList;
import dev.uictl.engine.desktop.model.PointerPosition;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.model.SystemInfo;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WindowAction;
import dev.uictl.engine.desktop.model.WindowList;
import dev.uictl.engine.desktop.model.WindowSize;
import dev.uictl.engine.desktop.select.WindowSelector;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.spi.WindowSystem;
import dev.uictl.engine.desktop.spi.WindowSystemProvider;
import dev.uictl.x11.io.DisplayName;
import dev.uictl.x11.wire.X11Exception;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Windows of the caller's display (its {@code DISPLAY}): one connection per display, kept warm by the daemon and
 * reopened after the X server comes back; daemon-stable {@code winN} ids; {@code @wN} refs per session.
 * Actions ask the window manager and then watch X events until the effect shows (or report it unverified).
 */
public final class DesktopService implements AutoCloseable {
    /** How long an action waits to see its effect before answering {@code delivered_unverified}. */
    static final long VERIFY_TIMEOUT_MS = 3000;

    private final WindowSystemProvider provider;
    private final Map<String, DisplayState> displays = new ConcurrentHashMap<>();
    private final WindowWaits waits = new WindowWaits(this);
    private final AppControl apps = new AppControl(this);

    /** Windows over the displays' shared X connections. */
    public DesktopService(DisplayConnections connections) {
        this((display, env) -> new X11WindowSystem(connections.connection(display, env)));
    }

    public DesktopService(WindowSystemProvider provider) {
        this.provider = provider;
    }

    public WindowWaits waits() {
        return waits;
    }

    public AppControl apps() {
        return apps;
    }

    public WindowList listWindows(CallContext ctx, String app, Integer limit, int offset) {
        List<Window> all = withView(ctx, DesktopView::listing);
        List<Window> filtered = app == null ? all : all.stream().filter(w -> w.appName().equalsIgnoreCase(app)).toList();
        Pagination.Slice<Window> page = Pagination.slice(filtered, limit, offset);
        return new WindowList(page.items(), page.pagination(), app == null ? null : new WindowList.Filters(app));
    }

    /** Live windows, topmost first, keeping the session's refs (no renumbering); for matching, not listing. */
    public List<Window> windows(CallContext ctx) {
        return withView(ctx, DesktopView::windows);
    }

    /** The one window a selector names (SELECTOR_NOT_FOUND / SELECTOR_AMBIGUOUS / STALE_REF otherwise). */
    public Window resolveWindow(CallContext ctx, String selector) {
        WindowSelector parsed = WindowSelector.parse(selector);
        return withView(ctx, view -> view.resolve(parsed));
    }

    /** Whether the window with stable id {@code windowId} (found earlier in this call) still exists. */
    public boolean exists(CallContext ctx, String windowId) {
        return withView(ctx, view -> view.windows().stream().anyMatch(w -> w.windowId().equals(windowId)));
    }

    /** The active window, if any. */
    public Optional<Window> active(CallContext ctx) {
        return withView(ctx, DesktopView::active);
    }

    public ActiveWindow activeWindow(CallContext ctx) {
        return new ActiveWindow(withView(ctx, view -> view.active()
                .orElseThrow(() -> UictlException.of(ErrorCode.WINDOW_NOT_FOUND, "no window is active")
                        .withHint("Focus one with `uictl focus SELECTOR`; `uictl list-windows` shows them.")
                        .withDetail("mode", "focused"))));
    }

    public MonitorList monitors(CallContext ctx) {
        var monitors = withSystem(ctx, WindowSystem::monitors);
        return new MonitorList(monitors.size(), monitors);
    }

    public ScreenSize screenSize(CallContext ctx) {
        return withSystem(ctx, WindowSystem::screenSize);
    }

    public PointerPosition pointer(CallContext ctx) {
        return withSystem(ctx, WindowSystem::pointer);
    }

    public SystemInfo systemInfo(CallContext ctx) {
        String display = display(ctx);
        return withSystem(ctx, s -> {
            var monitors = s.monitors();
            String wm = s.windowManager();
            return new SystemInfo(s.backend(), display, ctx.env().getOrDefault("XDG_SESSION_TYPE", "x11"),
                    ctx.session(), DisplayName.parse(display).socket().toString(), s.screenSize(), monitors.size(),
                    monitors, wm.isEmpty() ? null : wm);
        });
    }

    public WindowAction focus(CallContext ctx, String selector) {
        return act(ctx, selector, "focus", (v, w) -> v.system().activate(xidOf(w)), w -> w.isPresent() && w.get().focused());
    }

    public WindowAction close(CallContext ctx, String selector) {
        return act(ctx, selector, "close", (v, w) -> closeInsisting(v, xidOf(w)), Optional::isEmpty);
    }

    public WindowAction move(CallContext ctx, String selector, int x, int y) {
        return act(ctx, selector, "move", (view, w) -> moveExactly(view, xidOf(w), x, y),
                w -> w.isPresent() && w.get().x() == x && w.get().y() == y);
    }

    /**
     * Window managers place the client area with an offset they do not report (openbox: the client's original
     * border width), so after the first request lands, a second one corrects by the observed difference.
     */
    private static void moveExactly(DesktopView view, long xid, int x, int y) {
        Optional<Window> before = view.window(xid);
        view.system().moveResize(xid, x, y, null, null);
        Optional<Window> after = view.awaitWindow(xid, w -> w.isEmpty() || at(w.get(), x, y)
                || before.isPresent() && !at(w.get(), before.get().x(), before.get().y()), VERIFY_TIMEOUT_MS);
        if (after.isPresent() && !at(after.get(), x, y)) {
            view.system().moveResize(xid, 2 * x - after.get().x(), 2 * y - after.get().y(), null, null);
        }
    }

    /** How long a close request may go unanswered before it is sent again. */
    static final long CLOSE_RETRY_MS = 700;

    /**
     * A close request that reaches a client right after it was mapped is sometimes lost (seen with xterm under
     * openbox), so it is repeated once if the window is still there; closing is idempotent.
     */
    private static void closeInsisting(DesktopView view, long xid) {
        try {
            view.system().close(xid);
            if (view.awaitWindow(xid, Optional::isEmpty, CLOSE_RETRY_MS).isPresent()) {
                view.system().close(xid);
            }
        } catch (X11Exception.Protocol e) {
            // destroyed before the request reached it (without a window manager the request goes to the window
            // itself, and the server answers BadWindow): gone, which is what was asked
            e.rethrowUnlessWindowGone();
        }
    }

    private static boolean at(Window w, int x, int y) {
        return w.x() == x && w.y() == y;
    }

    /**
     * Asks for {@code width x height} and verifies the size the client accepts: a terminal takes whole character
     * cells (WM_NORMAL_HINTS increments), so 500x300 may become 499x298; the result reports both.
     */
    public WindowAction resize(CallContext ctx, String selector, int width, int height) {
        if (width <= 0 || height <= 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "width and height must be positive, got " + width + "x" + height);
        }
        WindowSize requested = new WindowSize(width, height);
        WindowSize[] expected = new WindowSize[1];
        WindowAction a = act(ctx, selector, "resize", (v, w) -> {
            expected[0] = v.system().acceptedSize(xidOf(w), width, height);
            v.system().moveResize(xidOf(w), null, null, width, height);
        }, w -> w.isPresent() && expected[0] != null && w.get().width() == expected[0].width()
                && w.get().height() == expected[0].height());
        String note = a.note();
        if (a.verified() && !expected[0].equals(requested)) {
            note = "the client accepts sizes in steps (WM_NORMAL_HINTS: minimum, maximum, increments), so "
                    + width + "x" + height + " became " + expected[0].width() + "x" + expected[0].height();
        }
        return new WindowAction(a.action(), a.selector(), a.refId(), a.windowId(), a.title(), a.verified(), a.delivery(),
                a.window(), requested, expected[0], note, null);
    }

    /** Verified once the window is iconified, unmapped and no longer the active window. */
    public WindowAction minimize(CallContext ctx, String selector) {
        return act(ctx, selector, "minimize", (v, w) -> v.system().minimize(xidOf(w)), w -> w.isPresent()
                && w.get().minimized() && !w.get().visible() && !w.get().focused());
    }

    /** A minimized window is shown again first: a maximized window nobody can see is not what was asked. */
    public WindowAction maximize(CallContext ctx, String selector) {
        return act(ctx, selector, "maximize", (v, w) -> {
            if (w.minimized()) {
                v.system().restore(xidOf(w));
            }
            v.system().maximize(xidOf(w));
        }, w -> w.isPresent() && w.get().maximized() && !w.get().minimized() && w.get().visible());
    }

    public WindowAction restore(CallContext ctx, String selector) {
        return act(ctx, selector, "restore", (v, w) -> v.system().restore(xidOf(w)),
                w -> w.isPresent() && !w.get().minimized() && !w.get().maximized() && w.get().visible());
    }

    @Override
    public void close() {
        displays.values().forEach(DisplayState::close);
        displays.clear();
    }

    /** Runs {@code fn} against the caller's display, mapping X11 failures to uictl errors. */
    <T> T withView(CallContext ctx, Function<DesktopView, T> fn) {
        String display = display(ctx);
        DisplayState state = displays.computeIfAbsent(display, d -> new DisplayState(d, provider));
        try {
            return fn.apply(new DesktopView(state, state.system(ctx.env()), state.refs(ctx.session()),
                    ctx.cancellation()));
        } catch (X11Exception e) {
            throw DesktopErrors.map(e, display);
        }
    }

    private <T> T withSystem(CallContext ctx, Function<WindowSystem, T> fn) {
        return withView(ctx, view -> fn.apply(view.system()));
    }

    static String display(CallContext ctx) {
        String display = ctx.env().get("DISPLAY");
        if (display == null || display.isBlank()) {
            throw DesktopErrors.noDisplay();
        }
        return display;
    }

    @FunctionalInterface
    private interface WindowRequest {
        void send(DesktopView view, Window target);
    }

    private static long xidOf(Window w) {
        return DesktopView.xidOf(w);
    }

    /**
     * Sends the request and watches until {@code effect} holds with the window's frame where it will stay and, when
     * the window was mapped, unmapped, maximized or unmaximized, still does after the window events have been quiet for
     * {@link #SETTLE_QUIET_MS}: openbox animates iconify and restore, flipping the state before the frame lands, so
     * the window reported is where X has it.
     */
    private WindowAction act(CallContext ctx, String selectorText, String action, WindowRequest request,
                             Function<Optional<Window>, Boolean> effect) {
        WindowSelector selector = WindowSelector.parse(selectorText);
        return withView(ctx, view -> {
            Window target = view.resolve(selector);
            long xid = DesktopView.xidOf(target);
            long deadline = System.nanoTime() + ChangeSignal.millisToNanos(VERIFY_TIMEOUT_MS);
            Function<Optional<Window>, Boolean> landed = w -> effect.apply(w) && (w.isEmpty()
                    || resizedWithMaximizedState(target, w.get())
                    && (!w.get().visible() || view.system().frameSettled(xid)));
            request.send(view, target);
            Optional<Window> after;
            do {
                after = view.awaitWindow(xid, w -> w.isEmpty() || landed.apply(w), leftMs(deadline));
                if (landed.apply(after) && after.isPresent() && (after.get().visible() != target.visible()
                        || after.get().maximized() != target.maximized())) {
                    after = view.awaitQuiet(xid, SETTLE_QUIET_MS, leftMs(deadline));
                }
            } while (!landed.apply(after) && after.isPresent() && leftMs(deadline) > 0);
            boolean verified = landed.apply(after);
            if (!verified && after.isEmpty()) {
                throw destroyedMeanwhile(target, action);
            }
            Window shown = after.orElse(target);
            return new WindowAction(action, selector.text(), target.refId(), target.windowId(), target.title(), verified,
                    verified ? "delivered_verified" : "delivered_unverified", shown, null, null,
                    note(action, verified, target, shown), null);
        });
    }

    /** The window went away while the action was on its way: what was asked of it can never show. */
    static UictlException destroyedMeanwhile(Window target, String action) {
        return UictlException.of(ErrorCode.WINDOW_NOT_FOUND, "window @" + target.refId() + " \"" + target.title()
                        + "\" (" + target.xid() + ") was destroyed before the " + action + " took effect")
                .withHint("Run `uictl list-windows` to see the current windows.")
                .withDetail("xid", target.xid()).withDelivery(Delivery.DELIVERED_UNVERIFIED);
    }

    /**
     * Openbox sets _NET_WM_STATE before it configures the window, and moves the frame before it resizes the
     * client: when the maximized state flipped, the size must have changed too before the window is reported.
     */
    private static boolean resizedWithMaximizedState(Window before, Window after) {
        return after.maximized() == before.maximized() || after.width() != before.width()
                || after.height() != before.height();
    }

    private static long leftMs(long deadlineNanos) {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    /** Longer than a step of openbox's iconify animation (about 16 ms). */
    static final long SETTLE_QUIET_MS = 40;

    private static String note(String action, boolean verified, Window before, Window after) {
        if (verified) {
            return null;
        }
        if (action.equals("resize") && (after.width() != before.width() || after.height() != before.height())) {
            return "the application adjusted the size to " + after.width() + "x" + after.height()
                    + " (size increments or limits)";
        }
        return "the window manager did not show the effect within " + VERIFY_TIMEOUT_MS + " ms";
    }
}
