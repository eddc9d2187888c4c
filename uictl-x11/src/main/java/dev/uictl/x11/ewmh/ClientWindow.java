package dev.uictl.x11.ewmh;

import java.util.Set;

/**
 * A managed top-level window as EWMH and ICCCM describe it. {@code x}/{@code y} are the client area's origin in
 * root coordinates (what {@code xwininfo} calls "Absolute upper-left"), {@code width}/{@code height} its size.
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
