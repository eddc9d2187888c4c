package dev.uictl.x11.ewmh;

import java.util.Set;

/**
 * A managed top-level window as EWMH and ICCCM describe it. {@code x}/{@code y} are its origin in root coordinates
 * exactly as {@code xwininfo} reports "Absolute upper-left" (outside the window's own X border, which window
 * managers set to 0, so for managed windows it is the client area's corner), {@code width}/{@code height} its size.
 * {@code pid} is 0 and {@code desktop} -1 when unknown; {@code states} and {@code types} are atom names such as
 * {@code _NET_WM_STATE_HIDDEN} and {@code _NET_WM_WINDOW_TYPE_NORMAL}.
 */
public record ClientWindow(int xid, String title, String instance, String className, int pid, int desktop,
                           Set<String> states, Set<String> types, int x, int y, int width, int height,
                           boolean mapped) {
    public boolean hasState(String state) {
        return states.contains(state);
    }
}
