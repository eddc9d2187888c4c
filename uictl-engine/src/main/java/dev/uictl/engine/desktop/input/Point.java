package dev.uictl.engine.desktop.input;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A position in root-window (screen) coordinates. */
public record Point(int x, int y) {
    private static final Pattern XY = Pattern.compile("\\s*(-?\\d{1,6})\\s*,\\s*(-?\\d{1,6})\\s*");

    /** True when {@code text} is written as "x,y" (as opposed to a window selector). */
    public static boolean looksLikePoint(String text) {
        return XY.matcher(text).matches();
    }

    /**
     * This point, when it lies on a {@code width} x {@code height} screen; else INVALID_ARGS naming it as
     * {@code what} ("point", "the drop point"), with the screen's size in details and {@code hint}.
     */
    public Point requireOn(int width, int height, String what, String hint) {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, what + " " + x + "," + y + " is outside the screen "
                            + width + "x" + height).withDetail("screen_width", width).withDetail("screen_height", height)
                    .withHint(hint);
        }
        return this;
    }

    public static Point parse(String text) {
        Matcher m = XY.matcher(text);
        if (!m.matches()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "'" + text + "' is not a point x,y")
                    .withHint("Write coordinates as x,y, e.g. `uictl click 640,400`.");
        }
        return new Point(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
}
