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
        Rectangle area = Rectangle.of(p, 2, screen);
        int sum = 0;
        List<List<Cell>> cells = screen.cells();
        for (int r = area.top(); r <= area.bottom(); r++) {
            for (int c = area.left(); c <= area.right(); c++) {
                String ch = cells.get(r).get(c).ch();
                if (!ch.isEmpty()) sum += ch.codePointAt(0);
            }
        }
        return "\033P" + p.get(0) + "!~" + String.format("%04X", -sum & 0xFFFF) + "\033\\";
    }
}
