package dev.uictl.vt.xterm;

import static dev.uictl.vt.parser.Parser.key;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Screen;

/** VT400 rectangle operations (DECFRA, DECERA, DECSERA, DECCRA) and the protection attribute (DECSCA). */
final class RectangleSequences {

    private RectangleSequences() {}

    static boolean dispatch(Params p, int collected, int finalByte, Screen screen) {
        switch (key(collected, finalByte)) {
            case '$' << 8 | 'x' -> {                                   // DECFRA: Pch ; rectangle
                int ch = p.get(0);
                if (ch >= 32 && ch != 127 && (ch < 128 || ch >= 160)) {
                    Rectangle r = Rectangle.of(p, 1, screen);
                    screen.fillRectangle(ch, r.top(), r.left(), r.bottom(), r.right());
                }
            }
            case '$' << 8 | 'z' -> {                                   // DECERA
                Rectangle r = Rectangle.of(p, 0, screen);
                screen.eraseRectangle(r.top(), r.left(), r.bottom(), r.right());
            }
            case '$' << 8 | '{' -> {                                   // DECSERA
                Rectangle r = Rectangle.of(p, 0, screen);
                screen.selectiveEraseRectangle(r.top(), r.left(), r.bottom(), r.right());
            }
            case '$' << 8 | 'v' -> {                                   // DECCRA: source ; page ; Ptd ; Pld ; page
                Rectangle from = Rectangle.of(p, 0, screen);
                Rectangle to = Rectangle.of(p, 5, screen);
                screen.copyRectangle(from.top(), from.left(), from.bottom(), from.right(), to.top(), to.left());
            }
            case '"' << 8 | 'q' -> {                                   // DECSCA
                int ps = p.get(0);
                if (ps <= 2) screen.pen().protect(ps == 1);
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
