package dev.uictl.engine.desktop.input;

import dev.uictl.x11.io.Cookie;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.keyboard.ChangeKeyboardMapping;
import dev.uictl.x11.proto.keyboard.GetKeyboardMapping;
import dev.uictl.x11.proto.keyboard.GetModifierMapping;
import dev.uictl.x11.proto.keyboard.KeyboardMapping;
import dev.uictl.x11.proto.keyboard.ModifierMapping;
import dev.uictl.x11.wire.Setup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server's keyboard mapping as this client last saw it, and the keysyms it temporarily put on spare (empty)
 * keycodes to type characters the layout lacks — xdotool's technique. Unlike xdotool, each missing keysym gets
 * its own spare keycode, all changed before any key is pressed, so a client that reads the mapping late still
 * sees the right keysym; remappings are kept for reuse and cleared when typing has been idle for a while.
 * Not thread-safe: the owning {@link InputDevice} serialises access.
 */
final class Keymap {
    private final X11Connection x;
    private final int minKeycode;
    private final int maxKeycode;
    private KeyboardMapping mapping;
    private ModifierMapping modifiers;
    private volatile boolean stale = true;
    /** keysym → spare keycode currently carrying it, least recently used first. */
    private final LinkedHashMap<Integer, Integer> remapped = new LinkedHashMap<>(16, 0.75f, true);

    Keymap(X11Connection x) {
        this.x = x;
        Setup setup = x.setup();
        this.minKeycode = setup.minKeycode();
        this.maxKeycode = setup.maxKeycode();
    }

    /** Called for MappingNotify: another client (or we) changed the mapping; re-read it before the next use. */
    void invalidate() {
        stale = true;
    }

    private void refresh() {
        if (stale) {
            stale = false;
            var keys = x.send(new GetKeyboardMapping(minKeycode, maxKeycode - minKeycode + 1));
            var mods = x.send(new GetModifierMapping());
            mapping = keys.reply();
            modifiers = mods.reply();
        }
    }

    /** The keycode of a keysym in the layout (plain or Shift level), if any. */
    Optional<KeyStroke> find(int keysym) {
        refresh();
        for (int column = 0; column < Math.min(2, mapping.keysymsPerKeycode()); column++) {
            for (int kc = minKeycode; kc <= maxKeycode; kc++) {
                if (mapping.keysym(kc, column) == keysym) {
                    Integer ours = remapped.get(keysym);
                    return Optional.of(new KeyStroke(keysym, kc, column == 1, ours != null && ours == kc));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Strokes for every keysym, remapping spare keycodes for those the layout lacks. When there are more missing
     * keysyms than spare keycodes, only a prefix is returned; the caller types it, lets clients catch up and
     * asks again for the rest.
     */
    List<KeyStroke> strokes(List<Integer> keysyms) {
        refresh();
        Map<Integer, KeyStroke> known = new HashMap<>();
        List<Integer> missing = new ArrayList<>();
        for (int keysym : keysyms) {
            if (!known.containsKey(keysym) && !missing.contains(keysym)) {
                find(keysym).ifPresentOrElse(s -> known.put(keysym, s), () -> missing.add(keysym));
            }
        }
        List<Integer> free = spareKeycodes();
        free.removeIf(kc -> known.values().stream().anyMatch(s -> s.keycode() == kc));
        List<Integer> now = missing.subList(0, Math.min(missing.size(), free.size()));
        Map<Integer, Integer> assigned = assign(now, free);
        List<KeyStroke> out = new ArrayList<>();
        for (int keysym : keysyms) {
            KeyStroke s = known.get(keysym);
            if (s == null && assigned.containsKey(keysym)) {
                s = new KeyStroke(keysym, assigned.get(keysym), false, true);
            }
            if (s == null) {
                break;
            }
            out.add(s);
        }
        return out;
    }

    /** Puts each missing keysym on its own free keycode (evicting our least recently used remaps). */
    private Map<Integer, Integer> assign(List<Integer> missing, List<Integer> free) {
        Map<Integer, Integer> out = new LinkedHashMap<>();
        int per = mapping.keysymsPerKeycode();
        List<Cookie<Void>> cookies = new ArrayList<>();
        for (int keysym : missing) {
            int kc = free.removeFirst();
            remapped.values().remove(kc);
            int[] row = new int[per];
            // The keysym on every level, so Shift or Lock state cannot change what the key types.
            Arrays.fill(row, keysym);
            cookies.add(x.send(new ChangeKeyboardMapping(kc, per, row)));
            mapping = mapping.with(kc, row);
            remapped.put(keysym, kc);
            out.put(keysym, kc);
        }
        cookies.forEach(Cookie::check);
        return out;
    }

    /**
     * Keycodes free for remapping: empty in the layout and not modifiers, then our own remaps from least recently
     * used; highest keycodes first, away from the ones layouts use.
     */
    private List<Integer> spareKeycodes() {
        List<Integer> out = new ArrayList<>();
        for (int kc = maxKeycode; kc > minKeycode; kc--) {
            if (mapping.isEmpty(kc) && modifiers.modifierOf(kc) < 0) {
                out.add(kc);
            }
        }
        out.addAll(remapped.values());
        return out;
    }

    /** Whether keysyms are currently parked on spare keycodes. */
    boolean hasRemaps() {
        return !remapped.isEmpty();
    }

    /** Clears every keycode we remapped, restoring the layout as it was. */
    void restore() {
        if (remapped.isEmpty()) {
            return;
        }
        refresh();
        int per = mapping.keysymsPerKeycode();
        List<Cookie<Void>> cookies = new ArrayList<>();
        for (int kc : remapped.values()) {
            int[] empty = new int[per];
            cookies.add(x.send(new ChangeKeyboardMapping(kc, per, empty)));
            mapping = mapping.with(kc, empty);
        }
        remapped.clear();
        cookies.forEach(Cookie::check);
    }

    /** The keycode of a modifier keysym (Shift_L, Control_L, …), remapped when the layout lacks it. */
    KeyStroke modifier(int keysym) {
        return strokes(List.of(keysym)).getFirst();
    }
}
