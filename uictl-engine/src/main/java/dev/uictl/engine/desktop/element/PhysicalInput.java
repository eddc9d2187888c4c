package dev.uictl.engine.desktop.element;

import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.input.Point;
import java.util.Optional;

/**
 * Synthetic pointer and keyboard for the physical fallback of element actions, bound to one call (X11: XTEST
 * through the input port), plus what the window stacking says about a point.
 */
public interface PhysicalInput {
    void click(Point at, MouseButton button, int count);

    void move(Point to);

    void drag(Point from, Point to);

    /** Wheel clicks at the pointer: positive down/right. */
    void scroll(int amount, boolean horizontal);

    void type(String text);

    /** A key combination such as "ctrl+a". */
    void press(String combo);

    /** The screen size, to tell on-screen bounds from toolkits' off-screen placeholders. */
    int[] screenSize();

    /**
     * The topmost window under {@code at} when it does not belong to process {@code pid} (a description of it),
     * empty when the point shows that process's window or nothing can be told.
     */
    Optional<String> coveredAt(Point at, long pid);

    /**
     * Activates (raises and focuses) the window of process {@code pid} that shows {@code at} (else that process's
     * topmost window) and describes it; empty when the process has no window or it could not be activated.
     */
    Optional<String> raise(Point at, long pid);

    /** The ids of the windows process {@code pid} has now (empty for pid 0). */
    java.util.Set<String> windowsOf(long pid);
}
