package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("A top-level window; geometry is the client area in root coordinates (xwininfo's absolute upper-left)")
public record Window(
        @Describe("short-lived ref of the latest listing in this session, topmost first (use as @w1)") String refId,
        @Describe("daemon-stable id (use as id=win3)") String windowId,
        @Describe("X11 window id, hex") String xid,
        String title,
        @Describe("WM_CLASS class part") String appName,
        @Describe("process id from _NET_WM_PID, else X-Resource") @Nullable Long pid,
        int x, int y, int width, int height,
        @Describe("is the active window") boolean focused,
        @Describe("iconified (_NET_WM_STATE_HIDDEN)") boolean minimized,
        @Describe("maximized horizontally and vertically") boolean maximized,
        @Describe("viewable on the screen (false while minimized, on another workspace, or not yet shown by the "
                + "window manager)") boolean visible,
        @Describe("workspace index") @Nullable Integer desktop,
        @Describe("window type without the _NET_WM_WINDOW_TYPE_ prefix, lower case (normal, dialog, …)") @Nullable String type,
        @Describe("list-windows: its application shows it in the accessibility tree (snapshot and element targets "
                + "work in it); absent when that could not be told") @Nullable Boolean accessible) {

    public Window withAccessible(Boolean value) {
        return new Window(refId, windowId, xid, title, appName, pid, x, y, width, height, focused, minimized, maximized,
                visible, desktop, type, value);
    }

    /**
     * Placed and shown by the window manager (or deliberately minimized). A new client is listed as soon as the
     * window manager manages it, before it is placed and mapped: waits report a window only once this holds, so
     * its geometry is where X has it.
     */
    public boolean placed() {
        return visible || minimized;
    }

    public int refNumber() {
        return Integer.parseInt(refId.substring(1));
    }
}
