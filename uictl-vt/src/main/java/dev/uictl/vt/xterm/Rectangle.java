package dev.uictl.vt.xterm;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/**
 * A rectangle given as four parameters Pt ; Pl ; Pb ; Pr (1-based, 0 or absent = the screen's edge), as xterm parses
 * it (xtermParseRect): in origin mode counted from the region's top and the left margin, then held on the screen.
 * Bounds here are 0-based and inclusive; a rectangle with its top below its bottom is empty.
 */
record Rectangle(int top, int left, int bottom, int right) {

    static Rectangle of(Params p, int first, Screen screen) {
        boolean origin = screen.modes().originMode;
        int rowBase = origin ? screen.regionTop() : 0;
        int colBase = origin ? screen.marginLeft() : 0;
        return new Rectangle(
                bound(p.get(first), 1, rowBase, screen.rows()),
                bound(p.get(first + 1), 1, colBase, screen.cols()),
                bound(p.get(first + 2), screen.rows(), rowBase, screen.rows()),
                bound(p.get(first + 3), screen.cols(), colBase, screen.cols()));
    }

    /** One bound, 0-based: a given value is offset in origin mode, a default is the screen's edge; both held on it. */
    private static int bound(int value, int otherwise, int base, int size) {
        int oneBased = value > 0 ? value + base : otherwise;
        return Math.clamp(oneBased, 1, size) - 1;
    }
}
