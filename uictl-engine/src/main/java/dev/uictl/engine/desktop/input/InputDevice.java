package dev.uictl.engine.desktop.input;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.x11.io.Cookie;
import dev.uictl.x11.io.Subscription;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.keysym.Keysyms;
import dev.uictl.x11.proto.core.QueryPointer;
import dev.uictl.x11.proto.xtest.FakeInput;
import dev.uictl.x11.proto.xtest.GetVersion;
import dev.uictl.x11.wire.X11Event;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The synthetic keyboard and pointer of one display: an X connection with XTEST, the keymap, and what this daemon
 * holds down. Every operation sends its events pipelined, then one round trip proves the server processed them
 * (and surfaces any error). Callers hold the device ({@link #acquire}, {@link #lock()}) around an operation.
 */
final class InputDevice implements AutoCloseable {
    /** MappingNotify: the server announces a changed keyboard or modifier mapping to every client. */
    private static final int MAPPING_NOTIFY = 34;
    private static final int SHIFT_L = 0xffe1;

    final String display;
    private final X11Connection x;
    private final Keymap keymap;
    private final Subscription mappingWatch;
    private final ReentrantLock lock = new ReentrantLock();
    /** keycode → keysym name, in press order. */
    private final Map<Integer, String> heldKeys = new LinkedHashMap<>();
    private final Set<MouseButton> heldButtons = new LinkedHashSet<>();
    private final List<Cookie<Void>> pending = new ArrayList<>();
    private boolean sentAny;
    private X11Connection.Batch batch;

    InputDevice(String display, X11Connection x) {
        this.display = display;
        this.x = x;
        x.call(GetVersion.current());
        this.keymap = new Keymap(x);
        this.mappingWatch = x.subscribe(e -> {
            if (e instanceof X11Event.Raw raw && raw.code() == MAPPING_NOTIFY) {
                keymap.invalidate();
            }
        });
    }

    /** For background work (releasing held input, restoring the keymap): its waits are the X reply timeout's. */
    ReentrantLock lock() {
        return lock;
    }

    /**
     * Takes the device for a caller's operation, waiting at most until {@code deadline} and never longer than one X
     * reply timeout: behind an operation whose X server stopped answering, each caller waits one reply timeout at
     * most, not one per caller queued ahead of it.
     *
     * @return whether the device was taken (release it with {@code lock().unlock()})
     */
    boolean acquire(Deadline deadline) {
        long wait = Math.min(deadline.remaining().toNanos(), x.replyTimeout().toNanos());
        try {
            return lock.tryLock(wait, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Cancellation.CancelledException("interrupted while waiting for the input of " + display);
        }
    }

    boolean isOpen() {
        return x.isOpen();
    }

    Keymap keymap() {
        return keymap;
    }

    /** Starts one operation: nothing sent yet, so a failure before the first event is {@code not_delivered}. */
    void begin() {
        sentAny = false;
        pending.clear();
    }

    /**
     * Holds the operation's requests back until it waits for a reply (its final sync) or ends, so a click or a
     * key combo leaves in one write. Other users of the shared connection wait meanwhile, so pauses inside an
     * operation go through {@link #pause}.
     */
    X11Connection.Batch batch() {
        batch = x.batch();
        return batch;
    }

    /**
     * Sleeps inside the current operation without holding the shared connection, waking early when the call is
     * cancelled; returns true if it was.
     */
    boolean pause(long millis, Cancellation cancellation) {
        return batch != null ? batch.whileReleased(() -> cancellation.sleep(millis)) : cancellation.sleep(millis);
    }

    boolean sentAny() {
        return sentAny;
    }

    int screenWidth() {
        return x.screen().widthPx();
    }

    int screenHeight() {
        return x.screen().heightPx();
    }

    void checkOnScreen(Point p) {
        p.requireOn(screenWidth(), screenHeight(), "point",
                "Use coordinates inside the screen; `uictl get screen-size` shows it.");
    }

    Point pointer() {
        QueryPointer.Reply r = x.call(new QueryPointer(x.root()));
        return new Point(r.rootX(), r.rootY());
    }

    void motion(Point p) {
        send(FakeInput.motion(x.root(), p.x(), p.y()));
    }

    void button(MouseButton b, boolean press) {
        send(FakeInput.button(b.number(), press));
        if (press) {
            heldButtons.add(b);
        } else {
            heldButtons.remove(b);
        }
    }

    void key(KeyStroke s, boolean press) {
        send(FakeInput.key(s.keycode(), press));
        if (press) {
            heldKeys.put(s.keycode(), Keysyms.name(s.keysym()));
        } else {
            heldKeys.remove(s.keycode());
        }
    }

    /** Presses then releases a key, with Shift around it when its keysym sits on the Shift level. */
    void tap(KeyStroke s) {
        KeyStroke shift = s.shift() && !heldKeys.containsValue("Shift_L") ? keymap.modifier(SHIFT_L) : null;
        if (shift != null) {
            key(shift, true);
        }
        key(s, true);
        key(s, false);
        if (shift != null) {
            key(shift, false);
        }
    }

    /** A round trip: every event sent so far has been processed; errors of any of them are thrown here. */
    void sync() {
        x.sync();
        List<Cookie<Void>> sent = List.copyOf(pending);
        pending.clear();
        sent.forEach(Cookie::check);
    }

    List<String> heldKeyNames() {
        return List.copyOf(heldKeys.values());
    }

    List<String> heldButtonNames() {
        return heldButtons.stream().map(MouseButton::wireName).toList();
    }

    boolean holdsKey(int keycode) {
        return heldKeys.containsKey(keycode);
    }

    boolean holdsButton(MouseButton b) {
        return heldButtons.contains(b);
    }

    /** Releases every held key (reverse press order) and button; used on disconnect and close. */
    void releaseAll() {
        List<Integer> keys = new ArrayList<>(heldKeys.keySet());
        for (int i = keys.size() - 1; i >= 0; i--) {
            send(FakeInput.key(keys.get(i), false));
        }
        heldKeys.clear();
        for (MouseButton b : List.copyOf(heldButtons)) {
            send(FakeInput.button(b.number(), false));
        }
        heldButtons.clear();
        sync();
    }

    private void send(FakeInput event) {
        pending.add(x.send(event));
        sentAny = true;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (x.isOpen()) {
                releaseAll();
                keymap.restore();
            }
        } finally {
            mappingWatch.close();
            lock.unlock();
        }
    }
}
