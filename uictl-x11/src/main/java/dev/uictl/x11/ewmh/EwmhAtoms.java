package dev.uictl.x11.ewmh;

/** Names of the EWMH / ICCCM atoms the helpers use. */
public final class EwmhAtoms {
    public static final String NET_CLIENT_LIST = "_NET_CLIENT_LIST";
    public static final String NET_CLIENT_LIST_STACKING = "_NET_CLIENT_LIST_STACKING";
    public static final String NET_ACTIVE_WINDOW = "_NET_ACTIVE_WINDOW";
    public static final String NET_WM_NAME = "_NET_WM_NAME";
    public static final String NET_WM_PID = "_NET_WM_PID";
    public static final String NET_WM_STATE = "_NET_WM_STATE";
    public static final String NET_WM_DESKTOP = "_NET_WM_DESKTOP";
    public static final String NET_WM_WINDOW_TYPE = "_NET_WM_WINDOW_TYPE";
    public static final String NET_FRAME_EXTENTS = "_NET_FRAME_EXTENTS";
    public static final String NET_CLOSE_WINDOW = "_NET_CLOSE_WINDOW";
    public static final String NET_MOVERESIZE_WINDOW = "_NET_MOVERESIZE_WINDOW";
    public static final String NET_SUPPORTING_WM_CHECK = "_NET_SUPPORTING_WM_CHECK";
    public static final String NET_CURRENT_DESKTOP = "_NET_CURRENT_DESKTOP";
    public static final String NET_WM_STATE_HIDDEN = "_NET_WM_STATE_HIDDEN";
    public static final String NET_WM_STATE_MAXIMIZED_VERT = "_NET_WM_STATE_MAXIMIZED_VERT";
    public static final String NET_WM_STATE_MAXIMIZED_HORZ = "_NET_WM_STATE_MAXIMIZED_HORZ";
    public static final String NET_WM_STATE_FULLSCREEN = "_NET_WM_STATE_FULLSCREEN";
    public static final String UTF8_STRING = "UTF8_STRING";
    public static final String WM_STATE = "WM_STATE";
    public static final String WM_CHANGE_STATE = "WM_CHANGE_STATE";

    static final String[] ALL = {NET_CLIENT_LIST, NET_CLIENT_LIST_STACKING, NET_ACTIVE_WINDOW, NET_WM_NAME,
            NET_WM_PID, NET_WM_STATE, NET_WM_DESKTOP, NET_WM_WINDOW_TYPE, NET_FRAME_EXTENTS, NET_CLOSE_WINDOW,
            NET_MOVERESIZE_WINDOW, NET_SUPPORTING_WM_CHECK, NET_CURRENT_DESKTOP, NET_WM_STATE_HIDDEN,
            NET_WM_STATE_MAXIMIZED_VERT, NET_WM_STATE_MAXIMIZED_HORZ, NET_WM_STATE_FULLSCREEN, UTF8_STRING,
            WM_STATE, WM_CHANGE_STATE};

    private EwmhAtoms() {
    }
}
