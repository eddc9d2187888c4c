package dev.uictl.engine.desktop.spi;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.capture.CaptureArea;
import dev.uictl.engine.desktop.capture.RgbImage;
import dev.uictl.engine.desktop.capture.Shot;
import dev.uictl.engine.desktop.capture.ShotRequest;
import java.util.Map;

/**
 * The screen-capture port: pixels of the caller's display (X11: MIT-SHM/GetImage in ScreenCaptureService).
 * Every operation defaults to {@code PLATFORM_NOT_SUPPORTED}.
 */
public interface ScreenCapture extends AutoCloseable {
    /** Captures the request's target, then scales, annotates and encodes the image. */
    default Shot shoot(CallContext ctx, ShotRequest request) {
        throw Unsupported.of("screen capture", "screenshots");
    }

    /** The raw pixels of {@code area} on the display of {@code env}. */
    default RgbImage capture(Map<String, String> env, CaptureArea area) {
        throw Unsupported.of("screen capture", "reading screen pixels");
    }

    @Override
    default void close() {
    }
}
