package dev.uictl.engine.desktop.model;

/**
 * What the window system reports about one managed window, before uictl gives it an id and a ref.
 * {@code pid} is 0 and {@code desktop} -1 when unknown; {@code type} is empty when unknown.
 */
public record NativeWindow(long xid, String title, String appName, String instance, long pid, int x, int y,
                           int width, int height, boolean focused, boolean minimized, boolean maximized, boolean visible,
                           int desktop, String type) {
}
