package dev.uictl.engine.desktop.capture;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.service.DesktopErrors;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.connection.PerConnection;
import dev.uictl.engine.desktop.spi.ScreenCapture;
import dev.uictl.x11.proto.image.ScreenGrabber;
import dev.uictl.x11.wire.X11Exception;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads screen pixels over the display's shared X connection (through MIT-SHM when the server offers it, so the
 * pixels do not travel through the socket and other traffic does not queue behind them).
 */
public final class ScreenCaptureService implements ScreenCapture {
    private final PerConnection<ScreenGrabber> grabbers;
    private final DesktopLayout layout;
    private final ImageMemory memory;
    private final PixelPool pixels = new PixelPool();

    /** {@code layout} locates windows and monitors; it is asked only for window, monitor and annotated shots. */
    public ScreenCaptureService(DesktopLayout layout, DisplayConnections connections) {
        this(layout, connections, ImageMemory.forHeap());
    }

    public ScreenCaptureService(DesktopLayout layout, DisplayConnections connections, ImageMemory memory) {
        this.layout = layout;
        this.memory = memory;
        this.grabbers = new PerConnection<>(connections, (display, x) -> new ScreenGrabber(x), ScreenGrabber::close);
    }

    @Override
    public Shot shoot(CallContext ctx, ShotRequest request) {
        Map<String, String> env = ctx.env();
        int[] screen = screenSize(env);
        DesktopLayout.Located located = switch (request.target()) {
            case CaptureTarget.Screen s -> new DesktopLayout.Located(null, new CaptureArea(0, 0, screen[0], screen[1]));
            case CaptureTarget.Region r -> new DesktopLayout.Located(null, r.area());
            case CaptureTarget.Window w -> layout.window(ctx, w.selector());
            case CaptureTarget.Monitor m -> layout.monitor(ctx, m.spec());
        };
        Shot shot = shoot(ctx, request, located, screen);
        if (request.target() instanceof CaptureTarget.Window) {
            layout.requireStillThere(ctx, located);
        }
        return shot;
    }

    private Shot shoot(CallContext ctx, ShotRequest request, DesktopLayout.Located located, int[] screen) {
        Map<String, String> env = ctx.env();
        CaptureArea wanted = located.area();
        CaptureArea area = wanted.clipTo(screen[0], screen[1]).orElseThrow(() -> offScreen(request.target(),
                located, wanted, screen));
        int width = ImageScaler.scaledSize(area.width(), request.scale());
        int height = ImageScaler.scaledSize(area.height(), request.scale());
        try (ImageMemory.Lease lease = memory.reserve(area.width(), area.height(), width, height, ctx)) {
            if (request.scale() == 1 && !request.annotate()) {
                Optional<byte[]> inPlace = encodeInPlace(env, area, request.format(), request.quality());
                if (inPlace.isPresent()) {
                    return new Shot(inPlace.get(), area.width(), area.height(), request.format(), area,
                            !area.equals(wanted), located.subject(), List.of());
                }
            }
            RgbImage captured = capture(env, area, pixels.take(area.width() * area.height()));
            RgbImage image = ImageScaler.scale(captured, request.scale());
            List<Shot.MarkedWindow> marks = request.annotate() ? annotate(ctx, image, area, request.scale())
                    : List.of();
            byte[] encoded = request.format().encode(image, request.quality());
            pixels.give(captured.pixels()); // encoded: nothing reads the pixels any more
            return new Shot(encoded, image.width(), image.height(), request.format(), area, !area.equals(wanted),
                    located.subject(), marks);
        }
    }

    /** Draws every visible window that overlaps the captured area, numbered by its ref. */
    private List<Shot.MarkedWindow> annotate(CallContext ctx, RgbImage image, CaptureArea area,
                                             double scale) {
        List<Mark> drawn = new ArrayList<>();
        List<Shot.MarkedWindow> marks = new ArrayList<>();
        for (DesktopLayout.Located w : layout.windows(ctx)) {
            if (w.area().intersection(area).isEmpty()) {
                continue;
            }
            Mark m = new Mark("@" + w.subject().refId(), w.area().x(), w.area().y(), w.area().width(),
                    w.area().height()).relativeTo(area.x(), area.y()).scaled(scale);
            drawn.add(m);
            marks.add(new Shot.MarkedWindow(m.label(), w.subject().refId(), w.subject().windowId(),
                    w.subject().title(), m.x(), m.y(), m.width(), m.height()));
        }
        Annotator.draw(image, drawn);
        return marks;
    }

    private static UictlException offScreen(CaptureTarget target, DesktopLayout.Located located, CaptureArea wanted,
                                            int[] screen) {
        String what = located.subject() == null ? "region " + describe(wanted)
                : located.subject().kind() + " " + describe(wanted);
        UictlException e = target instanceof CaptureTarget.Window
                ? UictlException.of(ErrorCode.ACTION_FAILED, what + " is not on the " + screen[0] + "x" + screen[1]
                        + " screen (minimized or moved off-screen)")
                        .withHint("Bring it back with `uictl restore <window>` or `uictl move-window <window> 0 0`.")
                : UictlException.of(ErrorCode.INVALID_ARGS, what + " lies outside the " + screen[0] + "x" + screen[1]
                        + " screen").withHint("Pick a region inside the screen; `uictl get screen-size` prints it.");
        return e.withDetail("area", wanted).withDetail("screen", Map.of("width", screen[0], "height", screen[1]));
    }

    private static String describe(CaptureArea a) {
        return a.width() + "x" + a.height() + "+" + a.x() + "+" + a.y();
    }

    /** The screen size of the caller's display: {width, height}. */
    private int[] screenSize(Map<String, String> env) {
        ScreenGrabber g = grabber(env);
        return new int[] {g.screenWidth(), g.screenHeight()};
    }

    /** The pixels of {@code area}, which must lie on the screen (clip it with {@link CaptureArea#clipTo} first). */
    @Override
    public RgbImage capture(Map<String, String> env, CaptureArea area) {
        return capture(env, area, null);
    }

    private RgbImage capture(Map<String, String> env, CaptureArea area, int[] into) {
        ScreenGrabber.Capture c = onDisplay(env, g -> g.grab(area.x(), area.y(), area.width(), area.height(), into));
        return new RgbImage(c.width(), c.height(), c.pixels());
    }

    /**
     * The area encoded straight from the shared memory the X server wrote it to, when the format's encoder and the
     * display allow (a 1080p capture is then not copied to the heap); empty otherwise.
     */
    private Optional<byte[]> encodeInPlace(Map<String, String> env, CaptureArea area, ImageFormat format,
                                           int quality) {
        return format.inPlaceEncoder().flatMap(encoder -> onDisplay(env, g -> g.readShared(area.x(), area.y(),
                area.width(), area.height(), (pixels, w, h) -> encoder.encode(pixels, w, h, quality))));
    }

    /** Runs {@code action} on the display's grabber, mapping X failures to uictl errors. */
    private <T> T onDisplay(Map<String, String> env, Function<ScreenGrabber, T> action) {
        String display = display(env);
        try {
            return action.apply(grabber(env));
        } catch (X11Exception e) {
            if (e instanceof X11Exception.ConnectionLost || e instanceof X11Exception.Timeout) {
                grabbers.forget(display);
            }
            throw DesktopErrors.map(e, display);
        }
    }

    private ScreenGrabber grabber(Map<String, String> env) {
        String display = display(env);
        try {
            return grabbers.get(display, env);
        } catch (X11Exception e) {
            throw DesktopErrors.map(e, display);
        } catch (IllegalArgumentException e) {
            throw UictlException.of(ErrorCode.PLATFORM_NOT_SUPPORTED, "cannot decode the pixels of display "
                    + display + ": " + e.getMessage()).withHint("Run the display at depth 24 (Xvfb -screen 0 "
                    + "1920x1080x24) or start one with `uictl desktop up`.");
        }
    }

    static String display(Map<String, String> env) {
        String display = env.get("DISPLAY");
        if (display == null || display.isBlank()) {
            throw DesktopErrors.noDisplay();
        }
        return display;
    }

    @Override
    public void close() {
        grabbers.close();
    }
}
