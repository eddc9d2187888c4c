package dev.uictl.x11.proto.image;

import dev.uictl.x11.io.Cookie;
import dev.uictl.x11.io.X11Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a rectangle of the root window. The rectangle is fetched as horizontal strips whose replies stay small
 * (so no reply nears the server's limits and no single buffer is huge), all requested at once: the server
 * answers strip after strip while the reader thread decodes the previous one.
 */
public final class ScreenGrabber {
    /** Reply payload per strip; 1 MiB keeps a 1080p frame at eight pipelined strips. */
    static final int STRIP_BYTES = 1 << 20;

    private final X11Connection connection;
    private final PixelLayout layout;

    public ScreenGrabber(X11Connection connection) {
        this.connection = connection;
        this.layout = PixelLayout.ofRoot(connection.setup(), connection.screen());
    }

    /** An RGB capture: {@code pixels[row * width + column]} holds {@code 0x??RRGGBB} (top byte undefined). */
    public record Capture(int x, int y, int width, int height, int[] pixels) {
    }

    /**
     * The pixels of the root window's rectangle, which must lie inside the screen (X answers BadMatch otherwise).
     *
     * @throws IllegalArgumentException when the rectangle is empty or leaves the screen
     */
    public Capture grab(int x, int y, int width, int height) {
        int screenWidth = connection.screen().widthPx();
        int screenHeight = connection.screen().heightPx();
        if (width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > screenWidth || y + height > screenHeight) {
            throw new IllegalArgumentException("rectangle " + width + "x" + height + "+" + x + "+" + y
                    + " is not inside the " + screenWidth + "x" + screenHeight + " screen");
        }
        int rowsPerStrip = Math.max(1, STRIP_BYTES / layout.bytesPerLine(width));
        int[] pixels = new int[width * height];
        List<Cookie<GetImage.Reply>> strips = new ArrayList<>();
        for (int top = 0; top < height; top += rowsPerStrip) {
            int rows = Math.min(rowsPerStrip, height - top);
            strips.add(connection.send(new GetImage(connection.root(), x, y + top, width, rows, layout, pixels,
                    top * width)));
        }
        for (Cookie<GetImage.Reply> strip : strips) {
            strip.reply();
        }
        return new Capture(x, y, width, height, pixels);
    }

    public int screenWidth() {
        return connection.screen().widthPx();
    }

    public int screenHeight() {
        return connection.screen().heightPx();
    }
}
