package dev.uictl.engine.desktop.service;

import dev.uictl.engine.desktop.model.Monitor;
import dev.uictl.engine.desktop.model.NativeWindow;
import dev.uictl.engine.desktop.model.PointerPosition;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.model.WindowSize;
import dev.uictl.engine.desktop.spi.WindowSystem;
import dev.uictl.x11.ewmh.ClientWindow;
import dev.uictl.x11.ewmh.Ewmh;
import dev.uictl.x11.ewmh.EwmhAtoms;
import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.core.ConfigureWindow;
import dev.uictl.x11.proto.core.EventMask;
import dev.uictl.x11.proto.core.EventSelections;
import dev.uictl.x11.proto.core.GetGeometry;
import dev.uictl.x11.proto.core.GetInputFocus;
import dev.uictl.x11.proto.core.GetProperty;
import dev.uictl.x11.proto.core.GetWindowAttributes;
import dev.uictl.x11.proto.core.QueryPointer;
import dev.uictl.x11.proto.core.QueryTree;
import dev.uictl.x11.proto.core.SendEvent;
import dev.uictl.x11.proto.core.SetInputFocus;
import dev.uictl.x11.proto.core.WindowRequest;
import dev.uictl.x11.proto.randr.GetMonitors;
import dev.uictl.x11.proto.randr.QueryVersion;
import dev.uictl.x11.proto.randr.RandR;
import dev.uictl.x11.wire.X11Event;
import dev.uictl.x11.wire.X11Exception;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link WindowSystem} over our own X11 wire client and EWMH. Without a window manager it falls back to the
 * root's mapped children and to core requests (SetInputFocus, ConfigureWindow, WM_DELETE_WINDOW).
 */
public final class X11WindowSystem implements WindowSystem {
    private static final String TYPE_PREFIX = "_NET_WM_WINDOW_TYPE_";
    private final X11Connection x;
    private final Ewmh ewmh;
    private final AtomCache atoms;
    private final EventSelections selections;
    private final EventSelections.Selection rootEvents;
    private final Map<Integer, EventSelections.Selection> watchedWindows = new ConcurrentHashMap<>();
    /** The previous answers, described speculatively next time so a listing usually costs one round trip. */
    private volatile int[] lastClients = new int[0];
    private volatile int lastActive;
    private volatile boolean randrAnnounced;

    /** Works over {@code x}, which its owner keeps (closing this window system leaves it open). */
    public X11WindowSystem(X11Connection x) {
        this.x = x;
        this.atoms = AtomCache.of(x);
        this.ewmh = new Ewmh(x, atoms);
        this.selections = EventSelections.of(x);
        this.rootEvents = selections.select(x.root(), EventMask.PROPERTY_CHANGE | EventMask.SUBSTRUCTURE_NOTIFY);
        x.sync();
    }

    public X11Connection connection() {
        return x;
    }

    @Override
    public String backend() {
        return "x11";
    }

    @Override
    public List<NativeWindow> windows() {
        Ewmh.Clients clients = ewmh.clients(lastClients);
        Ewmh.RootState root = clients.root();
        if (!root.managed()) {
            int active = x.call(new GetInputFocus()).focus();
            return ewmh.describe(unmanagedTopLevels()).stream()
                    .filter(c -> !c.title().isEmpty() || !c.className().isEmpty())
                    .map(c -> toNative(c, false, active)).toList();
        }
        lastClients = root.clientsTopmostFirst();
        return clients.windows().stream().map(c -> toNative(c, true, root.activeWindow())).toList();
    }

    @Override
    public Optional<NativeWindow> window(long xid) {
        return window(ewmh.rootState(), (int) xid);
    }

    @Override
    public Optional<NativeWindow> active() {
        Ewmh.Clients clients = ewmh.activeClient(lastActive);
        Ewmh.RootState root = clients.root();
        if (!root.managed()) {
            int focus = x.call(new GetInputFocus()).focus();
            return focus == 0 ? Optional.empty() : window(root, focus);
        }
        lastActive = root.activeWindow();
        return clients.windows().stream().findFirst().map(c -> toNative(c, true, root.activeWindow()));
    }

    private Optional<NativeWindow> window(Ewmh.RootState root, int w) {
        if (root.managed() && Arrays.stream(root.clientsTopmostFirst()).noneMatch(c -> c == w)) {
            return Optional.empty();
        }
        int active = root.managed() ? root.activeWindow() : x.call(new GetInputFocus()).focus();
        return ewmh.describe(w).map(c -> toNative(c, root.managed(), active));
    }

    private NativeWindow toNative(ClientWindow c, boolean managed, int active) {
        watch(c.xid());
        return new NativeWindow(Integer.toUnsignedLong(c.xid()), c.title(), c.className(), c.instance(),
                Integer.toUnsignedLong(c.pid()), c.x(), c.y(), c.width(), c.height(), c.xid() == active,
                c.hasState(EwmhAtoms.NET_WM_STATE_HIDDEN) || managed && !c.mapped() && iconic(c.xid()),
                c.hasState(EwmhAtoms.NET_WM_STATE_MAXIMIZED_VERT) && c.hasState(EwmhAtoms.NET_WM_STATE_MAXIMIZED_HORZ),
                c.mapped(), c.desktop(), typeName(c.types()));
    }

    @Override
    public long activeWindow() {
        Ewmh.RootState root = ewmh.rootState();
        return Integer.toUnsignedLong(root.managed() ? root.activeWindow() : x.call(new GetInputFocus()).focus());
    }

    @Override
    public List<Monitor> monitors() {
        if (x.extension(RandR.NAME).isPresent()) {
            if (!randrAnnounced) {
                x.call(QueryVersion.current());
                randrAnnounced = true;
            }
            List<GetMonitors.Monitor> raw = x.call(new GetMonitors(x.root(), true));
            if (!raw.isEmpty()) {
                List<String> names = atoms.names(raw.stream().mapToInt(GetMonitors.Monitor::name).toArray());
                List<Monitor> out = new ArrayList<>();
                for (int i = 0; i < raw.size(); i++) {
                    GetMonitors.Monitor m = raw.get(i);
                    out.add(new Monitor(names.get(i), m.x(), m.y(), m.width(), m.height(), m.widthMm(), m.heightMm(),
                            m.primary(), m.automatic()));
                }
                return out;
            }
        }
        ScreenSize size = screenSize();
        return List.of(new Monitor("screen", 0, 0, size.width(), size.height(), x.screen().widthMm(),
                x.screen().heightMm(), true, true));
    }

    @Override
    public ScreenSize screenSize() {
        GetGeometry.Reply g = x.call(new GetGeometry(x.root()));
        return new ScreenSize(g.width(), g.height());
    }

    @Override
    public PointerPosition pointer() {
        QueryPointer.Reply p = x.call(new QueryPointer(x.root()));
        return new PointerPosition(p.rootX(), p.rootY());
    }

    @Override
    public String windowManager() {
        return ewmh.windowManagerName().orElse("");
    }

    @Override
    public void activate(long window) {
        int w = (int) window;
        if (ewmh.hasWindowManager()) {
            ewmh.requestActivate(w);
        } else {
            x.send(ConfigureWindow.raise(w));
            x.send(new SetInputFocus(1, w, 0)).check();
        }
    }

    @Override
    public void close(long window) {
        int w = (int) window;
        if (ewmh.hasWindowManager()) {
            ewmh.requestClose(w);
        } else {
            int protocols = atoms.atom("WM_PROTOCOLS");
            int delete = atoms.atom("WM_DELETE_WINDOW");
            x.send(new SendEvent(false, w, 0, SendEvent.clientMessage(w, protocols, delete, 0))).check();
        }
    }

    @Override
    public void moveResize(long window, Integer nx, Integer ny, Integer width, Integer height) {
        int w = (int) window;
        if (ewmh.hasWindowManager()) {
            ewmh.requestMoveResize(w, nx, ny, width, height);
            return;
        }
        // unmanaged top-levels are children of the root: ConfigureWindow places their outer corner, which is the
        // position listings report (xwininfo's absolute upper-left)
        GetGeometry.Reply g = x.call(new GetGeometry(w));
        x.send(ConfigureWindow.moveResize(w, nx == null ? g.x() : nx, ny == null ? g.y() : ny,
                width == null ? g.width() : width, height == null ? g.height() : height)).check();
    }

    @Override
    public WindowSize acceptedSize(long window, int width, int height) {
        if (!ewmh.hasWindowManager()) {
            return new WindowSize(width, height); // ConfigureWindow takes any size; only window managers apply hints
        }
        int[] size = ewmh.sizeHints((int) window).accepted(width, height);
        return new WindowSize(size[0], size[1]);
    }

    @Override
    public boolean frameSettled(long window) {
        try {
            return !ewmh.hasWindowManager() || ewmh.frameSettled((int) window);
        } catch (X11Exception.Protocol e) {
            e.rethrowUnlessWindowGone();
            return true; // destroyed meanwhile: nothing is moving any more
        }
    }

    @Override
    public void minimize(long window) {
        requireWindowManager("minimize");
        ewmh.requestIconify((int) window);
    }

    @Override
    public void maximize(long window) {
        requireWindowManager("maximize");
        ewmh.requestState((int) window, Ewmh.STATE_ADD, EwmhAtoms.NET_WM_STATE_MAXIMIZED_VERT,
                EwmhAtoms.NET_WM_STATE_MAXIMIZED_HORZ);
    }

    @Override
    public void restore(long window) {
        int w = (int) window;
        if (!ewmh.hasWindowManager()) {
            // nothing iconifies or maximizes without one: restoring is showing it and giving it the focus
            x.send(WindowRequest.map(w));
            activate(window);
            return;
        }
        ewmh.requestState(w, Ewmh.STATE_REMOVE, EwmhAtoms.NET_WM_STATE_MAXIMIZED_VERT,
                EwmhAtoms.NET_WM_STATE_MAXIMIZED_HORZ);
        ewmh.requestActivate(w); // de-iconifies a minimized window
    }

    /** Minimized and maximized are states a window manager keeps; without one the request would go nowhere. */
    private void requireWindowManager(String action) {
        if (!ewmh.hasWindowManager()) {
            throw DesktopErrors.noWindowManager(action);
        }
    }

    @Override
    public void killClient(long window) {
        x.send(WindowRequest.killClient((int) window)).check();
    }

    @Override
    public AutoCloseable watch(Runnable onChange) {
        x.closedFuture().thenRun(onChange); // waiters wake at once and see the lost connection
        return x.subscribe(event -> {
            switch (event) {
                case X11Event.PropertyNotify p -> onChange.run();
                case X11Event.CreateNotify c -> onChange.run();
                case X11Event.DestroyNotify d -> {
                    if (watchedWindows.remove(d.window()) != null) {
                        selections.forget(d.window());
                    }
                    onChange.run();
                }
                case X11Event.MapNotify m -> onChange.run();
                case X11Event.UnmapNotify u -> onChange.run();
                case X11Event.ConfigureNotify c -> onChange.run();
                case X11Event.ReparentNotify r -> onChange.run();
                default -> {
                }
            }
        });
    }

    @Override
    public boolean isAlive() {
        return x.isOpen();
    }

    @Override
    public void close() {
        watchedWindows.values().forEach(EventSelections.Selection::close);
        watchedWindows.clear();
        rootEvents.close();
    }

    /** Title changes, state changes and geometry of client windows arrive as events once selected. */
    private void watch(int window) {
        watchedWindows.computeIfAbsent(window,
                w -> selections.select(w, EventMask.PROPERTY_CHANGE | EventMask.STRUCTURE_NOTIFY));
    }

    /** ICCCM WM_STATE says Iconic (3). */
    private boolean iconic(int window) {
        int wmState = atoms.atom(EwmhAtoms.WM_STATE);
        return x.call(GetProperty.of(window, wmState)).firstInt(0) == 3;
    }

    /** Without a window manager: the root's viewable children, topmost first. */
    private int[] unmanagedTopLevels() {
        int[] bottomFirst = x.call(new QueryTree(x.root())).children();
        List<dev.uictl.x11.io.Cookie<GetWindowAttributes.Reply>> attrs = new ArrayList<>();
        for (int w : bottomFirst) {
            attrs.add(x.send(new GetWindowAttributes(w)));
        }
        List<Integer> viewable = new ArrayList<>();
        for (int i = bottomFirst.length - 1; i >= 0; i--) {
            try {
                GetWindowAttributes.Reply a = attrs.get(i).reply();
                if (a.mapState() == GetWindowAttributes.VIEWABLE && !a.overrideRedirect()) {
                    viewable.add(bottomFirst[i]);
                }
            } catch (X11Exception.Protocol e) {
                e.rethrowUnlessWindowGone(); // destroyed meanwhile
            }
        }
        return viewable.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String typeName(Set<String> types) {
        return types.stream().filter(t -> t.startsWith(TYPE_PREFIX)).findFirst()
                .map(t -> t.substring(TYPE_PREFIX.length()).toLowerCase(Locale.ROOT)).orElse("");
    }
}
