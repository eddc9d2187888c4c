package dev.uictl.vt.xterm;

import dev.uictl.vt.parser.Params;
import dev.uictl.vt.screen.Attrs;
import dev.uictl.vt.screen.Pen;

/**
 * SGR (CSI … m) into the pen, as tmux input_csi_dispatch_sgr: both the ';' forms ({@code 38;5;n},
 * {@code 38;2;r;g;b}) and the ':' forms ({@code 4:3}, {@code 38:5:n}, {@code 38:2::r:g:b}, {@code 38:2:r:g:b}).
 * Blink, hidden, overline and underline colour are accepted and not tracked.
 */
final class SgrSequence {

    private SgrSequence() {}

    static void apply(Params p, Pen pen) {
        int size = p.size();
        if (size == 0) {
            pen.reset();
            return;
        }
        int i = 0;
        while (i < size) {
            int end = i + 1;
            while (end < size && p.isSub(end)) end++;
            if (end - i > 1) {
                colon(p, i, end, pen);
                i = end;
                continue;
            }
            int n = p.get(i);
            if (n == 38 || n == 48 || n == 58) {
                i = extended(p, i, n, pen);
                continue;
            }
            simple(n, pen);
            i++;
        }
    }

    private static void simple(int n, Pen pen) {
        switch (n) {
            case 0 -> pen.reset();
            case 1 -> pen.addFlags(Attrs.BOLD);
            case 2 -> pen.addFlags(Attrs.DIM);
            case 3 -> pen.addFlags(Attrs.ITALIC);
            case 4, 21 -> pen.addFlags(Attrs.UNDERLINE);   // 21: double underline
            case 7 -> pen.addFlags(Attrs.INVERSE);
            case 9 -> pen.addFlags(Attrs.STRIKE);
            case 22 -> pen.clearFlags(Attrs.BOLD | Attrs.DIM);
            case 23 -> pen.clearFlags(Attrs.ITALIC);
            case 24 -> pen.clearFlags(Attrs.UNDERLINE);
            case 27 -> pen.clearFlags(Attrs.INVERSE);
            case 29 -> pen.clearFlags(Attrs.STRIKE);
            case 39 -> pen.foreground(Attrs.COLOR_DEFAULT);
            case 49 -> pen.background(Attrs.COLOR_DEFAULT);
            default -> {
                if (n >= 30 && n <= 37) pen.foreground(Attrs.ansi16(n - 30));
                else if (n >= 40 && n <= 47) pen.background(Attrs.ansi16(n - 40));
                else if (n >= 90 && n <= 97) pen.foreground(Attrs.ansi16(n - 90 + 8));
                else if (n >= 100 && n <= 107) pen.background(Attrs.ansi16(n - 100 + 8));
                // 5, 6, 8, 25, 28, 53, 55, 59 and unknown values: not tracked
            }
        }
    }

    /** {@code 38;5;n} or {@code 38;2;r;g;b}; returns the index after the consumed values. */
    private static int extended(Params p, int i, int which, Pen pen) {
        switch (p.get(i + 1)) {
            case 5 -> {
                if (i + 2 < p.size()) setIndexed(which, p.get(i + 2), pen);
                return i + 3;
            }
            case 2 -> {
                if (i + 4 < p.size()) setRgb(which, p.get(i + 2), p.get(i + 3), p.get(i + 4), pen);
                return i + 5;
            }
            default -> {
                return i + 2;
            }
        }
    }

    /** One ':'-joined group at [from, to). */
    private static void colon(Params p, int from, int to, Pen pen) {
        int n = to - from;
        int head = p.get(from);
        if (head == 4) {
            if (n != 2) return;
            int style = p.get(from + 1);
            if (style == 0) pen.clearFlags(Attrs.UNDERLINE);
            else if (style <= 5) pen.addFlags(Attrs.UNDERLINE);
            return;
        }
        if (head != 38 && head != 48 && head != 58) return;
        switch (p.get(from + 1)) {
            case 5 -> {
                if (n >= 3) setIndexed(head, p.get(from + 2), pen);
            }
            case 2 -> {
                int rgb = n == 5 ? from + 2 : from + 3;   // 38:2:r:g:b or 38:2:colourspace:r:g:b
                if (rgb + 3 <= to) setRgb(head, p.get(rgb), p.get(rgb + 1), p.get(rgb + 2), pen);
            }
            default -> { }
        }
    }

    private static void setIndexed(int which, int index, Pen pen) {
        if (index > 255) return;
        if (which == 38) pen.foreground(Attrs.indexed(index));
        else if (which == 48) pen.background(Attrs.indexed(index));
    }

    private static void setRgb(int which, int r, int g, int b, Pen pen) {
        if (r > 255 || g > 255 || b > 255) return;
        if (which == 38) pen.foreground(Attrs.rgb(r, g, b));
        else if (which == 48) pen.background(Attrs.rgb(r, g, b));
    }
}
