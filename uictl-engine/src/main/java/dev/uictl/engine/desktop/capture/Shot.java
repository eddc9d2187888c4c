package dev.uictl.engine.desktop.capture;

import java.util.List;

/**
 * A taken screenshot, encoded.
 *
 * @param area     the captured rectangle in screen coordinates (before scaling)
 * @param clipped  the requested rectangle reached past the screen and was cut to it
 * @param subject  the window or monitor shot, when the target named one
 * @param marks    the annotated boxes, in image coordinates, when annotating
 */
public record Shot(byte[] encoded, int width, int height, ImageFormat format, CaptureArea area, boolean clipped,
                   Subject subject, List<MarkedWindow> marks) {

    /** What a window or monitor target resolved to. */
    public record Subject(String kind, String refId, String windowId, String title, String name, Integer index) {
    }

    /** One set-of-marks box: the window's ref and identity and where its box is drawn in the image. */
    public record MarkedWindow(String label, String refId, String windowId, String title, int x, int y, int width,
                               int height) {
    }
}
