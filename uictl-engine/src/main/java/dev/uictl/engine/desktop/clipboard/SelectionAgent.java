package dev.uictl.engine.desktop.clipboard;

import dev.uictl.core.call.Cancellation;
import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.Subscription;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.ChangeProperty;
import dev.uictl.x11.proto.core.EventSelections;
import dev.uictl.x11.proto.core.CreateWindow;
import dev.uictl.x11.proto.core.EventMask;
import dev.uictl.x11.proto.core.GetProperty;
import dev.uictl.x11.proto.core.PropertyValue;
import dev.uictl.x11.proto.core.WindowAttribute;
import dev.uictl.x11.proto.core.WindowRequest;
import dev.uictl.x11.proto.selection.ConvertSelection;
import dev.uictl.x11.proto.selection.GetSelectionOwner;
import dev.uictl.x11.proto.selection.SelectionEvent;
import dev.uictl.x11.proto.selection.SetSelectionOwner;
import dev.uictl.x11.wire.X11Event;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * One display's side of the selection protocol: a hidden InputOnly window that owns selections and serves the
 * text set on them to other clients (answering on the connection's event thread, also incrementally for large
 * text), and that receives conversions of other clients' selections. Ownership lasts as long as this object's
 * connection: closing it (or the process exiting) hands the selection back to nobody.
 */
final class SelectionAgent implements AutoCloseable {
    private static final int CURRENT_TIME = 0;
    private static final int NO_PROPERTY = 0;

    /** Text this agent owns on one selection, and the server time ownership began. */
    private record Owned(String text, int time) {
    }

    /** An incremental (INCR) send in progress to one requestor's property, started at {@code startedNanos}. */
    private record Transfer(int type, byte[] data, int offset, long startedNanos,
                            EventSelections.Selection requestorEvents) {
    }

    /** A requestor that stops reading an INCR transfer (it died, or gave up) is forgotten after this long. */
    private static final long TRANSFER_TTL_NANOS = TimeUnit.SECONDS.toNanos(60);

    private record TransferKey(int window, int property) {
    }

    /** Something read back from another owner: the text and the target it arrived as. */
    record Received(String text, String target) {
    }

    private final X11Connection connection;
    private final AtomCache atoms;
    private final int window;
    private final int transferProperty;
    private final int stampProperty;
    private final int incr;
    private final int chunkBytes;
    private final Map<Integer, Owned> owned = new ConcurrentHashMap<>();
    private final Map<TransferKey, Transfer> transfers = new ConcurrentHashMap<>();
    /** SelectionNotify and PropertyNotify events about our window, for the one operation running under {@link #lock}. */
    private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    /** Put into the inbox when the waiting call is cancelled, to wake its wait. */
    private static final Object CANCELLED = new Object();
    /** The token of the call converting a selection now (guarded by lock); NEVER otherwise. */
    private Cancellation cancellation = Cancellation.NEVER;
    private final ReentrantLock lock = new ReentrantLock();
    private final Subscription subscription;

    SelectionAgent(X11Connection connection) {
        this.connection = connection;
        this.atoms = AtomCache.of(connection);
        Map<String, Integer> a = atoms.intern("UICTL_SELECTION", "UICTL_TIMESTAMP", "INCR", "INTEGER",
                TextTargets.UTF8_STRING, TextTargets.TARGETS, TextTargets.TIMESTAMP, "CLIPBOARD", "PRIMARY");
        this.transferProperty = a.get("UICTL_SELECTION");
        this.stampProperty = a.get("UICTL_TIMESTAMP");
        this.incr = a.get("INCR");
        atoms.intern(TextTargets.OFFERED.toArray(String[]::new));
        // Leave room for the ChangeProperty header; stay far below the server limit for other clients' sake.
        this.chunkBytes = Math.min(256 * 1024, connection.setup().maxRequestLength() * 4 - 64);
        this.window = connection.generateId();
        this.subscription = connection.subscribe(this::onEvent);
        connection.send(new CreateWindow(0, window, connection.root(), -10, -10, 1, 1, 0, CreateWindow.INPUT_ONLY,
                0, WindowAttribute.EVENT_MASK, EventMask.PROPERTY_CHANGE));
        connection.send(ChangeProperty.string(window, Atom.WM_NAME, Atom.STRING, "uictl selection owner"));
        connection.sync();
    }

    int window() {
        return window;
    }

    /** The window owning {@code selection}, 0 when none. */
    int owner(Selection selection) {
        return connection.call(new GetSelectionOwner(atoms.atom(selection.atomName())));
    }

    /** Takes ownership of {@code selection} with {@code text}; false when the server gave it to someone else. */
    boolean own(Selection selection, String text, Duration timeout) {
        lock.lock();
        try {
            int selectionAtom = atoms.atom(selection.atomName());
            int time = serverTime(timeout);
            owned.put(selectionAtom, new Owned(text, time));
            connection.send(new SetSelectionOwner(window, selectionAtom, time));
            if (owner(selection) != window) {
                owned.remove(selectionAtom);
                return false;
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Leaves {@code selection} without owner, whoever had it; returns the previous owner (0 when none). */
    int clear(Selection selection, Duration timeout) {
        lock.lock();
        try {
            int selectionAtom = atoms.atom(selection.atomName());
            int previous = owner(selection);
            connection.send(new SetSelectionOwner(0, selectionAtom, serverTime(timeout)));
            owned.remove(selectionAtom);
            connection.sync();
            return previous;
        } finally {
            lock.unlock();
        }
    }

    /** True while this agent serves a selection that another client has not taken since. */
    boolean ownsAny() {
        return !owned.isEmpty();
    }

    /** Our own text when we own {@code selection}. */
    String ownedText(Selection selection) {
        Owned o = owned.get(atoms.atom(selection.atomName()));
        return o == null ? null : o.text();
    }

    /**
     * Converts another client's selection to text: UTF8_STRING first, STRING if refused. Null when the owner
     * offers neither.
     *
     * @throws TimeoutException when the owner does not answer in time
     */
    Received convert(Selection selection, Duration timeout, Cancellation cancellation) throws TimeoutException {
        lock.lock();
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> inbox.add(CANCELLED))) {
            inbox.clear();
            this.cancellation = cancellation;
            long deadline = System.nanoTime() + timeout.toNanos();
            int selectionAtom = atoms.atom(selection.atomName());
            for (String target : new String[] {TextTargets.UTF8_STRING, TextTargets.STRING}) {
                connection.send(new ConvertSelection(window, selectionAtom, atoms.atom(target), transferProperty,
                        CURRENT_TIME));
                SelectionEvent.Notify notify = await(SelectionEvent.Notify.class,
                        n -> n.selection() == selectionAtom, deadline);
                if (notify.refused()) {
                    continue;
                }
                Typed data = readProperty(deadline);
                // Owners answer with the type they have (xclip -t STRING sends Latin-1 whatever was asked; xclip
                // -t image/png sends the image): only text is text, an image's bytes are no string
                String type = data.type() == Atom.STRING ? TextTargets.STRING : atoms.name(data.type());
                if (!TextTargets.isText(type)) {
                    continue;
                }
                return new Received(new String(data.bytes(), type.equals(TextTargets.STRING)
                        ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8), type);
            }
            return null;
        } finally {
            this.cancellation = Cancellation.NEVER;
            lock.unlock();
        }
    }

    /** Property data and the type atom the owner stored it with. */
    private record Typed(int type, byte[] bytes) {
    }

    /** Reads (and deletes) the transfer property, following an INCR transfer to its end. */
    private Typed readProperty(long deadline) throws TimeoutException {
        PropertyValue value = take();
        if (value.type() != incr) {
            return new Typed(value.type(), value.data());
        }
        ByteArrayOutputStream all = new ByteArrayOutputStream(Math.max(0, value.firstInt(0)));
        int type = Atom.STRING;
        while (true) {
            await(X11Event.PropertyNotify.class, p -> p.atom() == transferProperty && !p.deleted(), deadline);
            PropertyValue chunk = take();
            if (chunk.data().length == 0) {
                return new Typed(type, all.toByteArray());
            }
            type = chunk.type();
            all.writeBytes(chunk.data());
        }
    }

    private PropertyValue take() {
        return connection.call(new GetProperty(true, window, transferProperty, Atom.ANY, 0, Integer.MAX_VALUE >> 2));
    }

    /**
     * A server timestamp, from the PropertyNotify of a zero-length append to our own window (ICCCM: never take
     * ownership with CurrentTime).
     */
    private int serverTime(Duration timeout) {
        inbox.clear();
        connection.send(new ChangeProperty(ChangeProperty.APPEND, window, stampProperty, Atom.STRING, 8, new byte[0]));
        try {
            return await(X11Event.PropertyNotify.class, p -> p.atom() == stampProperty,
                    System.nanoTime() + timeout.toNanos()).time();
        } catch (TimeoutException e) {
            return CURRENT_TIME;
        }
    }

    private <T> T await(Class<T> type, Predicate<T> matches, long deadline)
            throws TimeoutException {
        while (true) {
            long left = deadline - System.nanoTime();
            Object next;
            try {
                next = left <= 0 ? null : inbox.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                next = null;
            }
            if (next == null) {
                throw new TimeoutException("no " + type.getSimpleName() + " in time");
            }
            if (next == CANCELLED) {
                cancellation.throwIfCancelled(); // a stale marker from an earlier call's token is skipped
                continue;
            }
            if (type.isInstance(next) && matches.test(type.cast(next))) {
                return type.cast(next);
            }
        }
    }

    // ---- event thread ----

    private void onEvent(X11Event event) {
        if (event instanceof X11Event.PropertyNotify p) {
            if (p.window() == window) {
                inbox.add(p);
            } else if (p.deleted()) {
                continueTransfer(new TransferKey(p.window(), p.atom()));
            }
            return;
        }
        SelectionEvent.from(event).ifPresent(e -> {
            switch (e) {
                case SelectionEvent.Request r -> serve(r);
                case SelectionEvent.Clear c -> {
                    if (c.owner() == window) {
                        owned.remove(c.selection());
                    }
                }
                case SelectionEvent.Notify n -> {
                    if (n.requestor() == window) {
                        inbox.add(n);
                    }
                }
            }
        });
    }

    private void serve(SelectionEvent.Request r) {
        long now = System.nanoTime();
        transfers.values().removeIf(t -> {
            boolean stale = now - t.startedNanos() > TRANSFER_TTL_NANOS;
            if (stale) {
                t.requestorEvents().close();
            }
            return stale;
        });
        Owned content = r.owner() == window ? owned.get(r.selection()) : null;
        int property = r.effectiveProperty();
        boolean answered;
        try {
            answered = content != null && answer(r.requestor(), property, atoms.name(r.target()), content);
        } catch (RuntimeException e) {
            answered = false; // e.g. an unknown target atom: refuse rather than leave the requestor waiting
        }
        connection.send(new SelectionEvent.Notify(r.time(), r.requestor(), r.selection(), r.target(),
                answered ? property : NO_PROPERTY).sendTo());
    }

    private boolean answer(int requestor, int property, String target, Owned content) {
        switch (target) {
            case TextTargets.TARGETS -> {
                int[] offered = TextTargets.OFFERED.stream().mapToInt(atoms::atom).toArray();
                connection.send(ChangeProperty.ints(requestor, property, Atom.ATOM, offered));
                return true;
            }
            case TextTargets.TIMESTAMP -> {
                connection.send(ChangeProperty.ints(requestor, property, atoms.atom("INTEGER"), content.time()));
                return true;
            }
            default -> {
                byte[] data = TextTargets.encode(target, content.text());
                if (data == null) {
                    return false;
                }
                int type = atoms.atom(TextTargets.typeOf(target));
                if (data.length <= chunkBytes) {
                    connection.send(new ChangeProperty(ChangeProperty.REPLACE, requestor, property, type, 8, data));
                } else {
                    // INCR: announce the size; each time the requestor deletes the property, the next chunk follows.
                    transfers.put(new TransferKey(requestor, property), new Transfer(type, data, 0, System.nanoTime(),
                            EventSelections.of(connection).select(requestor, EventMask.PROPERTY_CHANGE)));
                    connection.send(ChangeProperty.ints(requestor, property, incr, data.length));
                }
                return true;
            }
        }
    }

    private void continueTransfer(TransferKey key) {
        Transfer t = transfers.get(key);
        if (t == null) {
            return;
        }
        int end = Math.min(t.data().length, t.offset() + chunkBytes);
        byte[] chunk = Arrays.copyOfRange(t.data(), t.offset(), end);
        if (chunk.length == 0) {
            transfers.remove(key);
            t.requestorEvents().close();
        } else {
            transfers.put(key, new Transfer(t.type(), t.data(), end, t.startedNanos(), t.requestorEvents()));
        }
        // The zero-length write after the last chunk tells the requestor the transfer is complete.
        connection.send(new ChangeProperty(ChangeProperty.REPLACE, key.window(), key.property(), t.type(), 8, chunk));
    }

    @Override
    public void close() {
        subscription.close();
        transfers.values().forEach(t -> t.requestorEvents().close());
        transfers.clear();
        if (connection.isOpen()) {
            connection.send(WindowRequest.destroy(window));
        }
    }
}
