package dev.uictl.engine.desktop.env;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.SafeName;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What `desktop up` asks for. {@code display} is null for "any free display"; each monitor is
 * {@code width x height}, laid out side by side.
 */
public record DesktopOptions(String name, Integer display, int width, int height, int monitors, boolean wm,
                             boolean a11y) {
    public static final String DEFAULT_NAME = "default";
    public static final int DEFAULT_WIDTH = 1920;
    public static final int DEFAULT_HEIGHT = 1080;
    private static final Pattern SIZE = Pattern.compile("(\\d{2,5})x(\\d{2,5})");
    private static final Pattern DISPLAY = Pattern.compile(":?(\\d{1,4})(\\.0)?");
    /** Xvfb's framebuffer limit per dimension. */
    private static final int MAX_PIXELS = 32767;

    public DesktopOptions {
        validName(name);
        if (monitors < 1 || monitors > 8) {
            throw invalid("--monitors must be between 1 and 8, got " + monitors);
        }
        if (width < 64 || height < 64 || (long) width * monitors > MAX_PIXELS || height > MAX_PIXELS) {
            throw invalid("--size " + width + "x" + height + " x " + monitors + " monitor(s) is outside "
                    + "64x64 .. " + MAX_PIXELS + " pixels per side");
        }
    }

    /** The name becomes a directory under the runtime directory: checked by the one {@link SafeName} rule. */
    public static String validName(String name) {
        return SafeName.check("desktop name", name);
    }

    /** "1280x800" → {1280, 800}. */
    public static int[] parseSize(String size) {
        Matcher m = SIZE.matcher(size.strip());
        if (!m.matches()) {
            throw invalid("--size must look like 1280x800, got '" + size + "'");
        }
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    /** ":5", "5" or ":5.0" → 5. */
    public static int parseDisplay(String display) {
        Matcher m = DISPLAY.matcher(display.strip());
        if (!m.matches()) {
            throw invalid("--display must look like :5, got '" + display + "'");
        }
        return Integer.parseInt(m.group(1));
    }

    public int screenWidth() {
        return width * monitors;
    }

    private static UictlException invalid(String message) {
        return UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint("Run `uictl desktop up --help` for the accepted forms, e.g. `uictl desktop up --size 1280x800`.");
    }
}
