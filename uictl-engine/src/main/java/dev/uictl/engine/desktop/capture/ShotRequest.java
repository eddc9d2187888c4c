package dev.uictl.engine.desktop.capture;

/**
 * One screenshot to take.
 *
 * @param quality  JPEG quality 1..100 (ignored for PNG)
 * @param scale    resize factor applied after capture, in (0, 4]
 * @param annotate draw numbered window boxes (set-of-marks) over the image
 */
public record ShotRequest(CaptureTarget target, ImageFormat format, int quality, double scale, boolean annotate) {
}
