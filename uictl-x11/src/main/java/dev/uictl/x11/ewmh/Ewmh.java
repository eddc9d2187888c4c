package dev.uictl.x11.ewmh;

import static dev.uictl.x11.ewmh.EwmhAtoms.*;

import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.Cookie;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.GetGeometry;
import dev.uictl.x11.proto.core.GetProperty;
import dev.uictl.x11.proto.core.GetWindowAttributes;
import dev.uictl.x11.proto.core.PropertyValue;
import dev.uictl.x11.proto.core.SendEvent;
import dev.uictl.x11.proto.core.QueryTree;
import dev.uictl.x11.proto.core.TranslateCoordinates;
import dev.uictl.x11.proto.res.QueryClientIds;
import dev.uictl.x11.wire.X11Exception;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * EWMH / ICCCM helpers over one connection: reading the window manager's client list and window properties
 * (pipelined: all requests for all windows leave before the first reply is awaited) and asking the window
 * manager to activate, close, move, resize or change the state of a window.
 */
public final class Ewmh {
    /** Source indication 2 ("pager"): the request comes from a tool acting for the user, which WMs honour. */
    public static final int SOURCE_PAGER = 2;
    public static final int STATE_REMOVE = 0;
    public static final int STATE_ADD = 1;
    public static final int STATE_TOGGLE = 2;
    private static final int ICONIC_STATE = 3;

    private final X11Connection connection;
    private final AtomCache atoms;
    private final int root;
    private volatile Boolean resourceExtension;
    /** The check window of the window manager last found alive (0: none), asked about alongside the root. */
    private volatile int knownCheck;

    public Ewmh(X11Connection connection, AtomCache atoms) {
        this.connection = connection;
        this.atoms = atoms;
        this.root = connection.root();
        atoms.intern(EwmhAtoms.ALL);
    }

    public X11Connection connection() {
        return connection;
    }

    public AtomCache atoms() {
        return atoms;
    }

    public int root() {
        return root;
    }

    /** Managed windows, topmost first: {@code _NET_CLIENT_LIST_STACKING}, else {@code _NET_CLIENT_LIST}. */
    public int[] clientsTopmostFirst() {
        Cookie<PropertyValue> stacking = rootProperty(NET_CLIENT_LIST_STACKING);
        Cookie<PropertyValue> plain = rootProperty(NET_CLIENT_LIST);
        int[] bottomFirst = stacking.reply().ints();
        if (bottomFirst.length == 0) {
            bottomFirst = plain.reply().ints();
        }
        return reversed(bottomFirst);
    }

    private static int[] reversed(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[a.length - 1 - i];
        }
        return out;
    }

    /**
     * The root's window-manager state in one round trip: whether a WM announces itself, the managed windows
     * topmost first, and the active window (0 when none).
     */
    public record RootState(boolean managed, int[] clientsTopmostFirst, int activeWindow) {
    }

    public RootState rootState() {
        return sendRootState().collect(this);
    }

    /** The root properties behind {@link RootState}, sent but not yet awaited. */
    private record RootCookies(WmCheck check, Cookie<PropertyValue> stacking,
                               Cookie<PropertyValue> plain, Cookie<PropertyValue> active) {
        RootState collect(Ewmh ewmh) {
            settled(active);
            int[] bottomFirst = stacking.reply().ints();
            if (bottomFirst.length == 0) {
                bottomFirst = plain.reply().ints();
            }
            return new RootState(ewmh.live(check), reversed(bottomFirst), active.reply().firstInt(0));
        }
    }

    @SuppressWarnings("try")
    private RootCookies sendRootState() {
        try (X11Connection.Batch ignored = connection.batch()) {
            return new RootCookies(sendWmCheck(), rootProperty(NET_CLIENT_LIST_STACKING),
                    rootProperty(NET_CLIENT_LIST), rootProperty(NET_ACTIVE_WINDOW));
        }
    }

    /** The root state and the managed windows it lists, topmost first. */
    public record Clients(RootState root, List<ClientWindow> windows) {
    }

    /**
     * The root state and every managed window described, usually in one round trip: the windows the caller
     * expects (those of its previous call) are described alongside the root's client list, and only windows
     * that are new to the list cost a second round trip.
     */
    @SuppressWarnings("try")
    public Clients clients(int[] expected) {
        RootCookies rootCookies;
        List<Pending> guessed;
        try (X11Connection.Batch ignored = connection.batch()) {
            rootCookies = sendRootState();
            guessed = sendDescriptions(expected);
        }
        RootState root = rootCookies.collect(this);
        java.util.Map<Integer, ClientWindow> byId = new java.util.HashMap<>();
        collectDescriptions(guessed).forEach(c -> byId.put(c.xid(), c));
        int[] missing = Arrays.stream(root.clientsTopmostFirst()).filter(w -> !byId.containsKey(w)).toArray();
        describe(missing).forEach(c -> byId.put(c.xid(), c));
        List<ClientWindow> ordered = new ArrayList<>();
        for (int w : root.clientsTopmostFirst()) {
            ClientWindow c = byId.get(w);
            if (c != null) {
                ordered.add(c);
            }
        }
        return new Clients(root, ordered);
    }

    /** The root state and the active window described, usually in one round trip when {@code expected} is it. */
    @SuppressWarnings("try")
    public Clients activeClient(int expected) {
        RootCookies rootCookies;
        List<Pending> guessed;
        try (X11Connection.Batch ignored = connection.batch()) {
            rootCookies = sendRootState();
            guessed = sendDescriptions(expected == 0 ? new int[0] : new int[]{expected});
        }
        RootState root = rootCookies.collect(this);
        List<ClientWindow> described = collectDescriptions(guessed);
        if (root.activeWindow() == 0 || Arrays.stream(root.clientsTopmostFirst()).noneMatch(w -> w == root.activeWindow())) {
            return new Clients(root, List.of());
        }
        if (expected != root.activeWindow()) {
            described = describe(new int[]{root.activeWindow()});
        }
        return new Clients(root, described);
    }

    /** Whether a live window manager announces itself through {@code _NET_SUPPORTING_WM_CHECK}. */
    @SuppressWarnings("try")
    public boolean hasWindowManager() {
        WmCheck check;
        try (X11Connection.Batch ignored = connection.batch()) {
            check = sendWmCheck();
        }
        return live(check);
    }

    /**
     * The root's {@code _NET_SUPPORTING_WM_CHECK}, and the same property of the check window last found alive, asked
     * together: while that window manager runs, confirming it costs no round trip of its own.
     */
    private record WmCheck(Cookie<PropertyValue> root, int known, Cookie<PropertyValue> knownSelf) {
    }

    private WmCheck sendWmCheck() {
        int known = knownCheck;
        return new WmCheck(rootProperty(NET_SUPPORTING_WM_CHECK), known,
                known == 0 ? null : property(known, NET_SUPPORTING_WM_CHECK));
    }

    /**
     * Whether the root's check window is a live window manager's: the window exists and names itself in the same
     * property. A window manager that died leaves the root's property behind, pointing at a window destroyed with it;
     * its client list is stale too.
     */
    private boolean live(WmCheck asked) {
        int check = asked.root().reply().firstInt(0);
        boolean live;
        try {
            Cookie<PropertyValue> self = check == asked.known() ? asked.knownSelf()
                    : check == 0 ? null : property(check, NET_SUPPORTING_WM_CHECK);
            live = self != null && self.reply().firstInt(0) == check;
        } catch (X11Exception.Protocol e) {
            e.rethrowUnlessWindowGone();
            live = false;
        }
        knownCheck = live ? check : 0;
        return live;
    }

    /** The window manager's {@code _NET_WM_NAME}, if one is running. */
    public Optional<String> windowManagerName() {
        int check = rootProperty(NET_SUPPORTING_WM_CHECK).reply().firstInt(0);
        if (check == 0) {
            return Optional.empty();
        }
        try {
            String name = property(check, NET_WM_NAME).reply().utf8();
            return name.isEmpty() ? Optional.empty() : Optional.of(name);
        } catch (X11Exception.Protocol e) {
            e.rethrowUnlessWindowGone();
            return Optional.empty(); // the check window of a window manager that died
        }
    }

    /** {@code _NET_ACTIVE_WINDOW}, 0 when none. */
    public int activeWindow() {
        return rootProperty(NET_ACTIVE_WINDOW).reply().firstInt(0);
    }

    /** Left, right, top, bottom decoration sizes from {@code _NET_FRAME_EXTENTS}; zeros when unknown. */
    public int[] frameExtents(int window) {
        int[] v = property(window, NET_FRAME_EXTENTS).reply().ints();
        return v.length == 4 ? v : new int[4];
    }

    /**
     * Whether the window manager's frame of {@code client} has landed: the root's child that contains the client
     * has exactly the client's area plus {@code _NET_FRAME_EXTENTS}. While openbox animates iconify or restore it
     * moves and scales the frame, and the client's position is a point of the animation, not where it will stay.
     * True for a client without a frame (unmanaged, or reparented to the root).
     */
    public boolean frameSettled(int client) {
        int frame = client;
        int parent = connection.call(new QueryTree(client)).parent();
        while (parent != root && parent != 0) {
            frame = parent;
            parent = connection.call(new QueryTree(frame)).parent();
        }
        if (frame == client) {
            return true;
        }
        int[] ext = frameExtents(client);
        GetGeometry.Reply f = connection.call(new GetGeometry(frame));
        GetGeometry.Reply c = connection.call(new GetGeometry(client));
        TranslateCoordinates.Reply at = connection.call(new TranslateCoordinates(client, root, 0, 0));
        return f.x() + f.borderWidth() + ext[0] == at.x() && f.y() + f.borderWidth() + ext[2] == at.y()
                && f.width() == c.width() + ext[0] + ext[1] && f.height() == c.height() + ext[2] + ext[3];
    }

    /**
     * Describes {@code windows} in one pipelined batch. Windows that vanished meanwhile (BadWindow) are left out;
     * the order of the rest is kept. The pid falls back to X-Resource when {@code _NET_WM_PID} is missing.
     */
    public List<ClientWindow> describe(int[] windows) {
        return collectDescriptions(sendDescriptions(windows));
    }

    @SuppressWarnings("try")
    private List<Pending> sendDescriptions(int[] windows) {
        List<Pending> pending = new ArrayList<>(windows.length);
        try (X11Connection.Batch ignored = connection.batch()) {
            for (int w : windows) {
                pending.add(new Pending(w, property(w, NET_WM_NAME), connection.send(GetProperty.of(w, Atom.WM_NAME)),
                        connection.send(GetProperty.of(w, Atom.WM_CLASS)), property(w, NET_WM_PID),
                        property(w, NET_WM_STATE), property(w, NET_WM_DESKTOP), property(w, NET_WM_WINDOW_TYPE),
                        connection.send(new GetGeometry(w)), connection.send(new TranslateCoordinates(w, root, 0, 0)),
                        connection.send(new GetWindowAttributes(w))));
            }
        }
        return pending;
    }

    private List<ClientWindow> collectDescriptions(List<Pending> pending) {
        List<ClientWindow> out = new ArrayList<>(pending.size());
        List<Cookie<List<QueryClientIds.ClientId>>> pidLookups = new ArrayList<>();
        if (!pending.isEmpty()) {
            settled(pending.getLast().attributes()); // replies arrive in order: once the last is in, all are
        }
        for (Pending p : pending) {
            try {
                ClientWindow cw = p.collect(this);
                out.add(cw);
                pidLookups.add(cw.pid() == 0 && hasResourceExtension()
                        ? connection.send(QueryClientIds.pidOf(cw.xid())) : null);
            } catch (X11Exception.Protocol e) {
                e.rethrowUnlessWindowGone(); // destroyed between listing and describing: not a window any more
            }
        }
        for (int i = 0; i < out.size(); i++) {
            Cookie<List<QueryClientIds.ClientId>> lookup = pidLookups.get(i);
            if (lookup != null) {
                int pid = pidOrZero(lookup);
                ClientWindow c = out.get(i);
                out.set(i, new ClientWindow(c.xid(), c.title(), c.instance(), c.className(), pid, c.desktop(),
                        c.states(), c.types(), c.x(), c.y(), c.width(), c.height(), c.mapped()));
            }
        }
        return out;
    }

    /** One window, or empty when it does not exist (any more). */
    public Optional<ClientWindow> describe(int window) {
        List<ClientWindow> one = describe(new int[]{window});
        return one.isEmpty() ? Optional.empty() : Optional.of(one.getFirst());
    }

    /** Asks the window manager to activate (raise, focus, de-iconify) {@code window}. */
    public void requestActivate(int window) {
        toWindowManager(window, NET_ACTIVE_WINDOW, SOURCE_PAGER, 0, 0);
    }

    /** Asks the window manager to close {@code window} politely (WM_DELETE_WINDOW for the client). */
    public void requestClose(int window) {
        toWindowManager(window, NET_CLOSE_WINDOW, 0, SOURCE_PAGER);
    }

    /**
     * Asks the window manager to move and resize a window with static gravity: x/y are meant as the client
     * area's position in root coordinates, decorations excluded. Window managers may still offset it by the
     * client's original X border (openbox does), so callers needing exactness check and correct.
     */
    public void requestMoveResize(int window, Integer x, Integer y, Integer width, Integer height) {
        int gravityStatic = 10;
        int flags = gravityStatic | (x != null ? 1 << 8 : 0) | (y != null ? 1 << 9 : 0)
                | (width != null ? 1 << 10 : 0) | (height != null ? 1 << 11 : 0) | SOURCE_PAGER << 12;
        toWindowManager(window, NET_MOVERESIZE_WINDOW, flags, orZero(x), orZero(y), orZero(width), orZero(height));
    }

    /** Adds, removes or toggles up to two {@code _NET_WM_STATE_*} atoms. */
    public void requestState(int window, int action, String first, String second) {
        toWindowManager(window, NET_WM_STATE, action, atoms.atom(first), second == null ? 0 : atoms.atom(second),
                SOURCE_PAGER);
    }

    /** ICCCM iconify: WM_CHANGE_STATE with IconicState, the only portable way to minimize. */
    public void requestIconify(int window) {
        toWindowManager(window, WM_CHANGE_STATE, ICONIC_STATE);
    }

    /** The client's WM_NORMAL_HINTS: which sizes it accepts ({@link SizeHints#NONE} when it sets none). */
    public SizeHints sizeHints(int window) {
        return SizeHints.of(property(window, "WM_NORMAL_HINTS").reply().ints());
    }

    public Cookie<PropertyValue> property(int window, String name) {
        return connection.send(GetProperty.of(window, atoms.atom(name)));
    }

    private Cookie<PropertyValue> rootProperty(String name) {
        return property(root, name);
    }

    private void toWindowManager(int window, String type, int... data) {
        connection.send(SendEvent.toWindowManager(root, window, atoms.atom(type), data)).check();
    }

    private boolean hasResourceExtension() {
        Boolean known = resourceExtension;
        if (known == null) {
            known = connection.extension(dev.uictl.x11.proto.res.XRes.NAME).isPresent();
            if (known) {
                connection.send(new dev.uictl.x11.proto.res.QueryVersion(1, 2)).reply();
            }
            resourceExtension = known;
        }
        return known;
    }

    /** Waits for {@code last} without caring how it ended, so the replies sent before it are all in hand. */
    private static void settled(Cookie<?> last) {
        try {
            last.reply();
        } catch (X11Exception.Protocol ignored) {
            // the error belongs to that request's owner, who reads it from the cookie
        }
    }

    private static int pidOrZero(Cookie<List<QueryClientIds.ClientId>> lookup) {
        try {
            return QueryClientIds.pid(lookup.reply());
        } catch (X11Exception.Protocol e) {
            return 0;
        }
    }

    private static int orZero(Integer v) {
        return v == null ? 0 : v;
    }

    private Set<String> atomNames(PropertyValue value) {
        int[] list = value.ints();
        return list.length == 0 ? Set.of() : new LinkedHashSet<>(atoms.names(list));
    }

    /** Every cookie for one window, collected after all windows' requests have been sent. */
    private record Pending(int window, Cookie<PropertyValue> netName, Cookie<PropertyValue> wmName,
                           Cookie<PropertyValue> wmClass, Cookie<PropertyValue> pid, Cookie<PropertyValue> state,
                           Cookie<PropertyValue> desktop, Cookie<PropertyValue> type, Cookie<GetGeometry.Reply> geometry,
                           Cookie<TranslateCoordinates.Reply> origin, Cookie<GetWindowAttributes.Reply> attributes) {
        ClientWindow collect(Ewmh ewmh) {
            // wait for every cookie even when one fails, so none of them is left half-read
            List<Cookie<?>> all = List.of(netName, wmName, wmClass, pid, state, desktop, type, geometry, origin, attributes);
            X11Exception.Protocol failure = null;
            for (Cookie<?> c : all) {
                try {
                    c.reply();
                } catch (X11Exception.Protocol e) {
                    failure = failure == null ? e : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
            String title = netName.reply().utf8();
            if (title.isEmpty()) {
                PropertyValue legacy = wmName.reply();
                title = legacy.text(legacy.type() == Atom.STRING ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
            }
            List<String> cls = wmClass.reply().strings(StandardCharsets.ISO_8859_1);
            GetGeometry.Reply g = geometry.reply();
            TranslateCoordinates.Reply o = origin.reply();
            return new ClientWindow(window, title, !cls.isEmpty() ? cls.get(0) : "", cls.size() > 1 ? cls.get(1) : "",
                    pid.reply().firstInt(0), desktop.reply().firstInt(-1), ewmh.atomNames(state.reply()),
                    ewmh.atomNames(type.reply()), o.x() - g.borderWidth(), o.y() - g.borderWidth(), g.width(), g.height(),
                    attributes.reply().mapState() == GetWindowAttributes.VIEWABLE);
        }
    }
}
