package dev.uictl.engine.desktop.capture;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.Optional;

/** A rectangle in root-window (screen) coordinates. */
public record CaptureArea(int x, int y, int width, int height) {

    /** Parses {@code x,y,w,h} as given to {@code --region}; width and height must be positive. */
    public static CaptureArea parse(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 4) {
            throw badRegion(text, "expected four comma-separated integers x,y,w,h");
        }
        int[] v = new int[4];
        for (int i = 0; i < 4; i++) {
            try {
                v[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw badRegion(text, "'" + parts[i] + "' is not an integer");
            }
        }
        if (v[2] <= 0 || v[3] <= 0) {
            throw badRegion(text, "width and height must be positive");
        }
        return new CaptureArea(v[0], v[1], v[2], v[3]);
    }

    /** The part of this area that lies on a {@code screenWidth} x {@code screenHeight} screen; empty if none. */
    public Optional<CaptureArea> clipTo(int screenWidth, int screenHeight) {
        return intersection(new CaptureArea(0, 0, screenWidth, screenHeight));
    }

    /** The overlap of two areas; empty when they do not overlap. */
    public Optional<CaptureArea> intersection(CaptureArea other) {
        long left = Math.max(x, other.x);
        long top = Math.max(y, other.y);
        long right = Math.min((long) x + width, (long) other.x + other.width);
        long bottom = Math.min((long) y + height, (long) other.y + other.height);
        return right > left && bottom > top
                ? Optional.of(new CaptureArea((int) left, (int) top, (int) (right - left), (int) (bottom - top)))
                : Optional.empty();
    }

    private static UictlException badRegion(String text, String why) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "bad --region '" + text + "': " + why)
                .withHint("Give the region as x,y,width,height in screen pixels, e.g. `uictl screenshot --region "
                        + "0,0,800,600`.")
                .withDetail("region", text);
    }
}
