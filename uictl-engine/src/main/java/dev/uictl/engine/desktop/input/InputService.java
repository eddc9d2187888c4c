package dev.uictl.engine.desktop.input;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.connection.PerConnection;
import dev.uictl.engine.desktop.service.DesktopErrors;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.keysym.Keysyms;
import dev.uictl.x11.wire.X11Exception;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Mouse and keyboard input through XTEST on the caller's display. One warm connection per display; operations
 * on a display are serialised. Keys and buttons held with key-down / mouse down stay down until released, until
 * the client that pressed them disconnects, or until the service closes. Keysyms the layout lacks are typed
 * through spare keycodes, restored once typing has been idle for {@link #RESTORE_IDLE_MS}.
 */
public final class InputService implements InputInjection {
    /** How long remapped keycodes outlive the last keystroke: long enough for every client to have read them. */
    static final long RESTORE_IDLE_MS = 500;
    /**
     * When one text needs more distinct missing keysyms than there are spare keycodes (over a hundred on Xvfb's
     * layout), clients must have looked up the first batch before its keycodes are reused. X offers no signal
     * for that, so this rare path pauses, as xdotool does for every remapped character.
     */
    static final long REMAP_SETTLE_MS = 500;
    private static final String DELIVERED = Delivery.DELIVERED_UNVERIFIED.wireName();
    /** Characters typed between round trips: a few hundred requests, far below the 65536 sequence window. */
    static final int TYPE_CHUNK = 128;
    /**
     * The default timeout's allowance per character: 128 KiB into xterm on Xvfb took 36 s (0.27 ms a character)
     * on a machine at load 22, so this leaves a wide margin.
     */

    private final PerConnection<InputDevice> devices;
    private final Map<String, ScheduledFuture<?>> restores = new ConcurrentHashMap<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "uictl-keymap-restore");
        t.setDaemon(true);
        return t;
    });

    public InputService(DisplayConnections connections) {
        this.devices = new PerConnection<>(connections, InputDevice::new, InputDevice::close);
    }

    // ---------------------------------------------------------------- pointer

    @Override
    public PointerResult move(CallContext ctx, Point to) {
        return run(ctx, d -> {
            d.checkOnScreen(to);
            d.motion(to);
            d.sync();
            return pointerResult(d, "move", to, null, null, List.of(), null);
        });
    }

    /**
     * Clicks {@code count} times with {@code button} at {@code at} (or where the pointer is when null), holding
     * {@code modifiers} meanwhile. {@code target} is echoed when the point came from a window selector.
     */
    @Override
    public PointerResult click(CallContext ctx, String action, Point at, InputTarget target, MouseButton button,
                               int count, KeyCombo modifiers) {
        if (count < 1 || count > 10) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--count must be between 1 and 10, got " + count);
        }
        return run(ctx, d -> {
            if (at != null) {
                d.checkOnScreen(at);
            }
            List<KeyStroke> mods = modifiers == null ? List.of() : d.keymap().strokes(keysyms(modifiers));
            if (at != null) {
                d.motion(at);
            }
            mods.forEach(m -> d.key(m, true));
            for (int i = 0; i < count; i++) {
                d.button(button, true);
                d.button(button, false);
            }
            for (int i = mods.size() - 1; i >= 0; i--) {
                d.key(mods.get(i), false);
            }
            d.sync();
            Point where = at != null ? at : d.pointer();
            return new PointerResult(action, where.x(), where.y(), button.wireName(), button.number(), count,
                    modifiers == null ? List.of() : names(modifiers), null, null, null, null, target,
                    d.heldButtonNames(), DELIVERED, null);
        });
    }

    /** Presses ({@code down}) or releases a button where the pointer is; a press is held until released. */
    @Override
    public PointerResult button(CallContext ctx, MouseButton button, boolean down, Point at) {
        return run(ctx, d -> {
            if (at != null) {
                d.checkOnScreen(at);
                d.motion(at);
            }
            d.button(button, down);
            d.sync();
            if (down) {
                releaseOnDisconnect(ctx, d, List.of(), List.of(button));
            }
            return pointerResult(d, down ? "down" : "up", d.pointer(), button, null, List.of(), null);
        });
    }

    /** Wheel steps where the pointer is: positive scrolls down (or right), negative up (or left). */
    @Override
    public PointerResult scroll(CallContext ctx, int amount, boolean horizontal) {
        if (amount == 0 || Math.abs(amount) > 100) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "scroll amount must be between -100 and 100 and not 0, got "
                    + amount).withHint("Use e.g. `uictl mouse scroll 3` (down) or `uictl mouse scroll -3` (up).");
        }
        MouseButton wheel = horizontal ? (amount > 0 ? MouseButton.WHEEL_RIGHT : MouseButton.WHEEL_LEFT)
                : (amount > 0 ? MouseButton.WHEEL_DOWN : MouseButton.WHEEL_UP);
        return run(ctx, d -> {
            for (int i = 0; i < Math.abs(amount); i++) {
                d.button(wheel, true);
                d.button(wheel, false);
            }
            d.sync();
            Point p = d.pointer();
            return new PointerResult("scroll", p.x(), p.y(), wheel.wireName(), wheel.number(), Math.abs(amount),
                    List.of(), null, null, amount, horizontal ? "horizontal" : "vertical", null, d.heldButtonNames(),
                    DELIVERED, null);
        });
    }

    /** Press at {@code from}, move in steps (so applications see motion), release at {@code to}. */
    @Override
    public PointerResult drag(CallContext ctx, Point from, Point to, MouseButton button) {
        return run(ctx, d -> {
            d.checkOnScreen(from);
            d.checkOnScreen(to);
            d.motion(from);
            d.button(button, true);
            int steps = Math.clamp(Math.max(Math.abs(to.x() - from.x()), Math.abs(to.y() - from.y())) / 16, 1, 32);
            for (int i = 1; i <= steps; i++) {
                d.motion(new Point(from.x() + (to.x() - from.x()) * i / steps, from.y() + (to.y() - from.y()) * i / steps));
            }
            d.button(button, false);
            d.sync();
            return pointerResult(d, "drag", to, button, null, List.of(), new Point[] {from, to});
        });
    }

    // ---------------------------------------------------------------- keyboard

    /**
     * Types text into whatever has the keyboard focus; any Unicode. Long text goes in chunks of
     * {@link #TYPE_CHUNK} characters, each ended by a round trip (so the server's queue never fills and the
     * connection's 16-bit request sequence never wraps past an unanswered request) and a pause that lets other
     * users of the shared connection through. Between chunks the call's cancellation and the timeout stop it.
     *
     * @throws UictlException TIMEOUT when {@code timeoutMs} passes first, with the characters typed so far
     */
    @Override
    public TypeResult type(CallContext ctx, String text, long delayMs, long timeoutMs) {
        if (text.isEmpty()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "nothing to type").withHint("Give the text: `uictl type 'hello'`.");
        }
        if (delayMs < 0 || delayMs > 10_000) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--delay must be between 0 and 10000 ms, got " + delayMs);
        }
        List<Integer> keysyms = new ArrayList<>();
        String normalized = text.replace("\r\n", "\n");
        normalized.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp) && cp != '\n' && cp != '\r' && cp != '\t' && cp != '\b' && cp != 0x1b) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, String.format("cannot type control character U+%04X", cp))
                        .withHint("Send keys with `uictl press`, e.g. `uictl press ctrl+c`.");
            }
            keysyms.add(Keysyms.forCodePoint(cp));
        });
        Deadline deadline = Deadline.afterMillis(timeoutMs).min(ctx.deadline());
        TypeResult result = run(ctx, d -> {
            Set<String> remapped = new LinkedHashSet<>();
            int done = 0;
            int sinceSync = 0;
            while (done < keysyms.size()) {
                List<KeyStroke> batch = d.keymap().strokes(keysyms.subList(done, keysyms.size()));
                if (batch.isEmpty()) {
                    throw UictlException.of(ErrorCode.ACTION_FAILED, "no spare keycode to type "
                            + Keysyms.name(keysyms.get(done))).withHint("Release held keys (`uictl key-up KEY`) and retry.");
                }
                for (int i = 0; i < batch.size(); i++) {
                    KeyStroke s = batch.get(i);
                    stopIfCancelled(ctx);
                    d.tap(s);
                    if (s.remapped()) {
                        remapped.add(Keysyms.name(s.keysym()));
                    }
                    if (delayMs > 0) {
                        d.sync();
                        pause(ctx, d, delayMs);
                        sinceSync = 0;
                    } else if (++sinceSync >= TYPE_CHUNK) {
                        d.sync();
                        pause(ctx, d, 1);
                        sinceSync = 0;
                    }
                    if (sinceSync == 0 && done + i + 1 < keysyms.size()) {
                        stopIfOver(ctx, deadline, done + i + 1, keysyms.size(), timeoutMs);
                    }
                }
                done += batch.size();
                if (done < keysyms.size()) {
                    d.sync();
                    pause(ctx, d, REMAP_SETTLE_MS);
                }
            }
            d.sync();
            return new TypeResult(text, (int) normalized.codePoints().count(), List.copyOf(remapped), delayMs, DELIVERED,
                    null);
        });
        scheduleRestore(ctx);
        return result;
    }

    /** Ends a long typing between chunks when the call was cancelled or its time is up (all typed is synced). */
    private static void stopIfOver(CallContext ctx, Deadline deadline, int typed, int total, long timeoutMs) {
        if (ctx.cancellation().isCancelled()) {
            throw UictlException.of(ErrorCode.ACTION_FAILED, "typing stopped after " + typed + " of " + total
                            + " characters: " + ctx.cancellation().reason())
                    .withDetail("typed", typed).withDetail("total", total).withDelivery(Delivery.DELIVERY_UNCERTAIN);
        }
        if (deadline.expired()) {
            throw UictlException.of(ErrorCode.TIMEOUT, "typed " + typed + " of " + total + " characters before the "
                            + timeoutMs + " ms timeout")
                    .withHint("Raise --timeout (the default allows " + TYPE_MS_PER_CHAR + " ms per character), "
                            + "e.g. `uictl type --timeout 600000 'long text'`.")
                    .withDetail("typed", typed).withDetail("total", total).withDetail("timeout_ms", timeoutMs)
                    .withDelivery(Delivery.DELIVERY_UNCERTAIN);
        }
    }

    /** Presses the keys of {@code combo} in order and releases them in reverse ({@code press}, {@code hotkey}). */
    @Override
    public KeyResult press(CallContext ctx, String action, KeyCombo combo) {
        KeyResult r = run(ctx, d -> {
            List<KeyStroke> strokes = strokesOf(d, combo);
            List<KeyStroke> pressed = pressAll(d, strokes);
            for (int i = pressed.size() - 1; i >= 0; i--) {
                d.key(pressed.get(i), false);
            }
            d.sync();
            return new KeyResult(action, combo.text(), strokes.stream().map(KeyInfo::of).toList(), d.heldKeyNames(),
                    DELIVERED);
        });
        scheduleRestore(ctx);
        return r;
    }

    /** Presses and holds the keys of {@code combo} until key-up or until this client disconnects. */
    @Override
    public KeyResult keyDown(CallContext ctx, KeyCombo combo) {
        return run(ctx, d -> {
            List<KeyStroke> strokes = strokesOf(d, combo);
            List<KeyStroke> pressed = pressAll(d, strokes);
            d.sync();
            releaseOnDisconnect(ctx, d, pressed, List.of());
            return new KeyResult("key-down", combo.text(), strokes.stream().map(KeyInfo::of).toList(),
                    d.heldKeyNames(), DELIVERED);
        });
    }

    /** Releases the keys of {@code combo} in reverse order (whether or not this daemon held them). */
    @Override
    public KeyResult keyUp(CallContext ctx, KeyCombo combo) {
        KeyResult r = run(ctx, d -> {
            List<KeyStroke> strokes = strokesOf(d, combo);
            for (int i = strokes.size() - 1; i >= 0; i--) {
                d.key(strokes.get(i), false);
            }
            d.sync();
            return new KeyResult("key-up", combo.text(), strokes.stream().map(KeyInfo::of).toList(),
                    d.heldKeyNames(), DELIVERED);
        });
        scheduleRestore(ctx);
        return r;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        devices.close();
    }

    // ---------------------------------------------------------------- internals

    /** Shift is added for a key on the Shift level unless the combo already presses Shift. */
    private static List<KeyStroke> pressAll(InputDevice d, List<KeyStroke> strokes) {
        boolean shiftInCombo = strokes.stream().anyMatch(s -> s.keysym() == 0xffe1 || s.keysym() == 0xffe2);
        List<KeyStroke> pressed = new ArrayList<>();
        for (KeyStroke s : strokes) {
            if (s.shift() && !shiftInCombo && pressed.stream().noneMatch(p -> p.keysym() == 0xffe1)) {
                KeyStroke shift = d.keymap().modifier(0xffe1);
                d.key(shift, true);
                pressed.add(shift);
            }
            d.key(s, true);
            pressed.add(s);
        }
        return pressed;
    }

    private static List<KeyStroke> strokesOf(InputDevice d, KeyCombo combo) {
        List<Integer> keysyms = keysyms(combo);
        List<KeyStroke> strokes = d.keymap().strokes(keysyms);
        if (strokes.size() < keysyms.size()) {
            throw UictlException.of(ErrorCode.ACTION_FAILED, "not enough spare keycodes for " + combo.text());
        }
        return strokes;
    }

    private static List<Integer> keysyms(KeyCombo combo) {
        return combo.keys().stream().map(KeyCombo.Key::keysym).toList();
    }

    private static List<String> names(KeyCombo combo) {
        return combo.keys().stream().map(KeyCombo.Key::name).toList();
    }

    private static PointerResult pointerResult(InputDevice d, String action, Point at, MouseButton button,
                                               Integer count, List<String> modifiers, Point[] drag) {
        return new PointerResult(action, at.x(), at.y(), button == null ? null : button.wireName(),
                button == null ? null : button.number(), count, modifiers, drag == null ? null : drag[0],
                drag == null ? null : drag[1], null, null, null, d.heldButtonNames(), DELIVERED, null);
    }

    /** Held input is released when the client that pressed it goes away, if still held then. */
    private void releaseOnDisconnect(CallContext ctx, InputDevice d, List<KeyStroke> keys, List<MouseButton> buttons) {
        ctx.onDisconnect(() -> {
            d.lock().lock();
            try {
                if (!d.isOpen()) {
                    return;
                }
                d.begin();
                for (int i = keys.size() - 1; i >= 0; i--) {
                    if (d.holdsKey(keys.get(i).keycode())) {
                        d.key(keys.get(i), false);
                    }
                }
                for (MouseButton b : buttons) {
                    if (d.holdsButton(b)) {
                        d.button(b, false);
                    }
                }
                d.sync();
            } finally {
                d.lock().unlock();
            }
        });
    }

    private void scheduleRestore(CallContext ctx) {
        InputDevice d = devices.existing(display(ctx));
        if (d == null || scheduler.isShutdown()) {
            return;
        }
        ScheduledFuture<?> next = scheduler.schedule(() -> {
            d.lock().lock();
            try {
                if (d.isOpen()) {
                    d.keymap().restore();
                }
            } finally {
                d.lock().unlock();
            }
        }, RESTORE_IDLE_MS, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> previous = restores.put(d.display, next);
        if (previous != null) {
            previous.cancel(false);
        }
    }

    private <T> T run(CallContext ctx, Function<InputDevice, T> op) {
        String display = display(ctx);
        InputDevice d = device(display, ctx.env());
        if (!d.acquire(ctx.deadline())) {
            throw DesktopErrors.inputBusy(display).withDelivery(Delivery.NOT_DELIVERED);
        }
        try {
            d.begin();
            try (X11Connection.Batch ignored = d.batch()) {
                return op.apply(d);
            } catch (X11Exception e) {
                throw DesktopErrors.map(e, display).withDelivery(d.sentAny() ? Delivery.DELIVERY_UNCERTAIN
                        : Delivery.NOT_DELIVERED);
            } catch (UictlException e) {
                throw e.delivery() != null ? e : e.withDelivery(d.sentAny() ? Delivery.DELIVERY_UNCERTAIN
                        : Delivery.NOT_DELIVERED);
            }
        } finally {
            d.lock().unlock();
        }
    }

    private InputDevice device(String display, Map<String, String> env) {
        try {
            return devices.get(display, env);
        } catch (X11Exception e) {
            throw DesktopErrors.map(e, display).withDelivery(Delivery.NOT_DELIVERED);
        }
    }

    private static String display(CallContext ctx) {
        String display = ctx.env().get("DISPLAY");
        if (display == null || display.isBlank()) {
            throw DesktopErrors.noDisplay().withDelivery(Delivery.NOT_DELIVERED);
        }
        return display;
    }

    private static void pause(CallContext ctx, InputDevice d, long ms) {
        if (d.pause(ms, ctx.cancellation())) {
            throw cancelled(ctx);
        }
    }

    /** Stops typing between keystrokes once the caller went away or the daemon is stopping. */
    private static void stopIfCancelled(CallContext ctx) {
        if (ctx.cancellation().isCancelled()) {
            throw cancelled(ctx);
        }
    }

    private static UictlException cancelled(CallContext ctx) {
        return UictlException.of(ErrorCode.ACTION_FAILED, "typing stopped: " + ctx.cancellation().reason())
                .withDelivery(Delivery.DELIVERY_UNCERTAIN);
    }
}
