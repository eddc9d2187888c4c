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
import java.util.Collection;
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
    /** The layout's own row of every keycode we changed, to put back on restore. */
    private final Map<Integer, int[]> originalRows = new HashMap<>();

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
            stale = false; // before the read: a MappingNotify that arrives during it marks the mapping stale again
            try {
                var keys = x.send(new GetKeyboardMapping(minKeycode, maxKeycode - minKeycode + 1));
                var mods = x.send(new GetModifierMapping());
                mapping = keys.reply();
                modifiers = mods.reply();
            } catch (RuntimeException e) {
                stale = true; // a refused or unanswered read must not leave keyboard input without a mapping for good
                throw e;
            }
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
        boolean readNow = stale;
        List<KeyStroke> out = strokesFromMapping(keysyms);
        if (out.size() < keysyms.size() && !readNow) {
            // Short of spare keycodes by the mapping as last seen: another client may have freed some a moment ago,
            // and its MappingNotify reaches invalidate() on the event thread, possibly after this call began.
            stale = true;
            out = strokesFromMapping(keysyms);
        }
        return out;
    }

    private List<KeyStroke> strokesFromMapping(List<Integer> keysyms) {
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
        for (int keysym : missing) {
            int kc = free.removeFirst();
            remapped.values().remove(kc);
            originalRows.putIfAbsent(kc, mapping.row(kc));
            int[] row = new int[per];
            // The keysym on every level, so Shift or Lock state cannot change what the key types.
            Arrays.fill(row, keysym);
            mapping = mapping.with(kc, row);
            remapped.put(keysym, kc);
            out.put(keysym, kc);
        }
        upload(out.values());
        return out;
    }

    /**
     * Sends the rows of {@code keycodes}, one ChangeKeyboardMapping per run of consecutive keycodes, so clients get
     * a few MappingNotify events rather than one per keycode. Rows we did not change are never rewritten: a core
     * rewrite would make the server recompute their XKB key types.
     */
    private void upload(Collection<Integer> keycodes) {
        List<Integer> sorted = keycodes.stream().sorted().toList();
        int per = mapping.keysymsPerKeycode();
        List<Cookie<Void>> sent = new ArrayList<>();
        int i = 0;
        while (i < sorted.size()) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            int lo = sorted.get(i);
            int[] rows = new int[(j - i + 1) * per];
            for (int kc = lo; kc <= sorted.get(j); kc++) {
                System.arraycopy(mapping.row(kc), 0, rows, (kc - lo) * per, per);
            }
            sent.add(x.send(new ChangeKeyboardMapping(lo, per, rows)));
            i = j + 1;
        }
        sent.forEach(Cookie::check);
    }

    /**
     * Keycodes free for remapping, best first: empty in the layout, then keys no keyboard of a headless desktop
     * has (multimedia XF86 keysyms, F13 and up; borrowed and put back on restore), then our own remaps from least
     * recently used. Modifiers are never taken. Many spares keep one text in one batch, so no keycode is reused
     * while a client may still be reading the events typed with it.
     */
    private List<Integer> spareKeycodes() {
        List<Integer> empty = new ArrayList<>();
        List<Integer> borrowable = new ArrayList<>();
        for (int kc = maxKeycode; kc > minKeycode; kc--) {
            if (modifiers.modifierOf(kc) >= 0 || remapped.containsValue(kc)) {
                continue;
            }
            if (mapping.isEmpty(kc)) {
                empty.add(kc);
            } else if (onlyExoticKeysyms(mapping.row(kc))) {
                borrowable.add(kc);
            }
        }
        List<Integer> out = new ArrayList<>(empty);
        out.addAll(borrowable);
        out.addAll(remapped.values());
        return out;
    }

    private static boolean onlyExoticKeysyms(int[] row) {
        for (int k : row) {
            boolean xf86 = k >= 0x1008ff00 && k <= 0x1008ffff;
            boolean highF = k >= 0xffca && k <= 0xffe0;
            if (k != KeyboardMapping.NO_SYMBOL && !xf86 && !highF) {
                return false;
            }
        }
        return true;
    }

    /** Whether keysyms are currently parked on spare keycodes. */
    boolean hasRemaps() {
        return !remapped.isEmpty();
    }

    /** Puts back the layout's own rows on every keycode we remapped. */
    void restore() {
        if (remapped.isEmpty()) {
            return;
        }
        refresh();
        List<Integer> keycodes = List.copyOf(remapped.values());
        for (int kc : keycodes) {
            mapping = mapping.with(kc, originalRows.getOrDefault(kc, new int[mapping.keysymsPerKeycode()]));
        }
        remapped.clear();
        originalRows.clear();
        upload(keycodes);
    }

    /** The keycode of a modifier keysym (Shift_L, Control_L, …), remapped when the layout lacks it. */
    KeyStroke modifier(int keysym) {
        return strokes(List.of(keysym)).getFirst();
    }
}
