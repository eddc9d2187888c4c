package dev.uictl.engine.desktop.spi;

import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Monitor;
import dev.uictl.engine.desktop.model.NativeWindow;
import dev.uictl.engine.desktop.model.PointerPosition;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.model.WindowSize;
import java.util.List;

/**
 * The window-level port to one display. Every operation defaults to {@code PLATFORM_NOT_SUPPORTED}, so a backend
 * implements what its platform can do and the rest fails with a structured error instead of a crash. Requests
 * are asked of the window manager; verifying their effect is the caller's business (see DesktopService).
 */
public interface WindowSystem extends AutoCloseable {
    /** "x11", "wayland", … */
    default String backend() {
        return "unknown";
    }

    /** Managed top-level windows, topmost first. */
    default List<NativeWindow> windows() {
        throw unsupported("listing windows");
    }

    /** One managed window, empty when it is gone; cheaper than a full listing where the backend can. */
    default java.util.Optional<NativeWindow> window(long xid) {
        return windows().stream().filter(w -> w.xid() == xid).findFirst();
    }

    /** The active window, empty when none. */
    default java.util.Optional<NativeWindow> active() {
        long id = activeWindow();
        return id == 0 ? java.util.Optional.empty() : window(id);
    }

    /** The active window's id, 0 when none. */
    default long activeWindow() {
        throw unsupported("reading the active window");
    }

    default List<Monitor> monitors() {
        throw unsupported("listing monitors");
    }

    default ScreenSize screenSize() {
        throw unsupported("reading the screen size");
    }

    default PointerPosition pointer() {
        throw unsupported("reading the pointer position");
    }

    /** The window manager's name, empty when none runs. */
    default String windowManager() {
        throw unsupported("detecting the window manager");
    }

    default void activate(long window) {
        throw unsupported("focusing windows");
    }

    default void close(long window) {
        throw unsupported("closing windows");
    }

    /** Moves and/or resizes the client area (null = keep). */
    default void moveResize(long window, Integer x, Integer y, Integer width, Integer height) {
        throw unsupported("moving and resizing windows");
    }

    /**
     * The size the window will take when asked for {@code width x height}: the client's size hints (minimum,
     * maximum, increments) as the window manager applies them; the request itself where nothing constrains it.
     */
    default WindowSize acceptedSize(long window, int width, int height) {
        return new WindowSize(width, height);
    }

    /**
     * False while the window manager is still moving the window's frame towards where the window will stay (an
     * iconify or restore animation); true where the backend cannot tell.
     */
    default boolean frameSettled(long window) {
        return true;
    }

    default void minimize(long window) {
        throw unsupported("minimizing windows");
    }

    default void maximize(long window) {
        throw unsupported("maximizing windows");
    }

    /** Undoes minimize and maximize. */
    default void restore(long window) {
        throw unsupported("restoring windows");
    }

    /** Forcibly disconnects the client owning the window (XKillClient); for close-app --force without a pid. */
    default void killClient(long window) {
        throw unsupported("killing clients");
    }

    /**
     * Calls {@code onChange} (on a backend thread, without blocking it) whenever the window list, the active
     * window or a window's properties or geometry may have changed; waits re-check on each call.
     */
    default AutoCloseable watch(Runnable onChange) {
        throw unsupported("watching window changes");
    }

    /** False once the connection to the display is gone; the owner then opens a new one. */
    default boolean isAlive() {
        return true;
    }

    @Override
    default void close() {
    }

    private static UictlException unsupported(String what) {
        return Unsupported.of("window system", what);
    }
}
