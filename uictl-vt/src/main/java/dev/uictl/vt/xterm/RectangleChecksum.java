package dev.uictl.vt.xterm;

import dev.uictl.vt.Cell;
import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;
import java.util.List;

/**
 * DECRQCRA (CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y): the checksum of a rectangle, answered DCS Pi ! ~ XXXX ST. As xterm
 * computes it by default: the negated 16-bit sum of the cells' characters, a blank counting as a space and the
 * right half of a wide character as nothing; attributes are left out. Test suites (esctest) read cells this way.
 */
final class RectangleChecksum {

    private RectangleChecksum() {}

    static String reply(Params p, Screen screen) {
        boolean origin = screen.modes().originMode;
        int rowBase = origin ? screen.regionTop() : 0;
        int lastRow = origin ? screen.regionBottom() : screen.rows() - 1;
        int top = Math.max(p.get(2), 1) - 1 + rowBase;
        int left = Math.max(p.get(3), 1) - 1;
        int bottom = Math.min(p.get(4) == 0 ? lastRow : p.get(4) - 1 + rowBase, lastRow);
        int right = Math.min(p.get(5) == 0 ? screen.cols() - 1 : p.get(5) - 1, screen.cols() - 1);
        int sum = 0;
        List<List<Cell>> cells = screen.cells();
        for (int r = top; r <= bottom; r++) {
            for (int c = left; c <= right; c++) {
                String ch = cells.get(r).get(c).ch();
                if (!ch.isEmpty()) sum += ch.codePointAt(0);
            }
        }
        return "\033P" + p.get(0) + "!~" + String.format("%04X", -sum & 0xFFFF) + "\033\\";
    }
}
