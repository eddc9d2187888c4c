package dev.uictl.x11.proto.keyboard;

import java.util.Arrays;

/**
 * Keysyms per keycode as the core protocol stores them: row {@code keycode - first}, column = level (0 plain,
 * 1 with Shift, further columns for mode switch / level 3). {@code 0} is NoSymbol.
 */
public record KeyboardMapping(int first, int keysymsPerKeycode, int[] keysyms) {
    public static final int NO_SYMBOL = 0;

    public KeyboardMapping {
        keysyms = keysyms.clone();
    }

    public int count() {
        return keysymsPerKeycode == 0 ? 0 : keysyms.length / keysymsPerKeycode;
    }

    public int last() {
        return first + count() - 1;
    }

    public int keysym(int keycode, int column) {
        if (keycode < first || keycode > last() || column >= keysymsPerKeycode) {
            return NO_SYMBOL;
        }
        return keysyms[(keycode - first) * keysymsPerKeycode + column];
    }

    /** The keysyms of one keycode. */
    public int[] row(int keycode) {
        int from = (keycode - first) * keysymsPerKeycode;
        return Arrays.copyOfRange(keysyms, from, from + keysymsPerKeycode);
    }

    /** A keycode with no keysym at all: free to be remapped temporarily. */
    public boolean isEmpty(int keycode) {
        for (int k : row(keycode)) {
            if (k != NO_SYMBOL) {
                return false;
            }
        }
        return true;
    }

    /** A copy with one keycode's row replaced (used to track remappings without another round trip). */
    public KeyboardMapping with(int keycode, int[] row) {
        int[] copy = keysyms.clone();
        System.arraycopy(Arrays.copyOf(row, keysymsPerKeycode), 0, copy, (keycode - first) * keysymsPerKeycode,
                keysymsPerKeycode);
        return new KeyboardMapping(first, keysymsPerKeycode, copy);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyboardMapping m && m.first == first && m.keysymsPerKeycode == keysymsPerKeycode
                && Arrays.equals(m.keysyms, keysyms);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * first + keysymsPerKeycode) + Arrays.hashCode(keysyms);
    }

    @Override
    public String toString() {
        return "KeyboardMapping[first=" + first + ", count=" + count() + ", perKeycode=" + keysymsPerKeycode + "]";
    }
}
