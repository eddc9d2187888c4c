package dev.uictl.engine.desktop.spi;

import dev.uictl.core.call.Deadline;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.ElementState;
import java.util.function.Consumer;

/**
 * The accessibility-tree port: reading and operating on the accessible elements of the caller's desktop (Linux:
 * AT-SPI over D-Bus, adapted from the uictl-atspi library). Every operation defaults to
 * {@code PLATFORM_NOT_SUPPORTED}. Elements are {@link ElementHandle}s, opaque to the domain. Every call is bounded by
 * the given deadline: a hung application surfaces as {@code APP_UNRESPONSIVE}, a vanished element as
 * {@code STALE_REF}, never as a hang.
 *
 * <p>Element actions (click, set-value, …) use the operations below; snapshots and element queries (the read side)
 * are expected to join this port so the domain names no platform (the AT-SPI adapter may implement both halves).
 * Boolean results are what the application answered; callers verify effects by reading the element back.
 */
public interface AccessibilityTree extends AutoCloseable {
    /** The element's role, name, states, bounds, value and available actions, read now. */
    default ElementState read(ElementHandle element, Deadline deadline) {
        throw unsupported("reading elements");
    }

    /** The element's children in order (one level). */
    default java.util.List<ElementHandle> children(ElementHandle element, Deadline deadline) {
        throw unsupported("listing children");
    }

    /** Performs the element's action at {@code index} of {@link ElementState#actions()}. */
    default boolean doAction(ElementHandle element, int index, Deadline deadline) {
        throw unsupported("performing element actions");
    }

    /** Replaces the element's whole text (editable text). */
    default boolean setText(ElementHandle element, String text, Deadline deadline) {
        throw unsupported("setting text");
    }

    /** Inserts {@code text} at character {@code position} (editable text). */
    default boolean insertText(ElementHandle element, int position, String text, Deadline deadline) {
        throw unsupported("inserting text");
    }

    /** Sets the element's numeric value (sliders, spin buttons). */
    default void setValue(ElementHandle element, double value, Deadline deadline) {
        throw unsupported("setting values");
    }

    /** The least and greatest value the element takes (the AT-SPI Value interface's bounds). */
    default ValueRange valueRange(ElementHandle element, Deadline deadline) {
        throw unsupported("reading value ranges");
    }

    record ValueRange(double minimum, double maximum) {
        /** Whether the application stated real bounds (some report 0..0 or NaN for "none"). */
        public boolean bounded() {
            return Double.isFinite(minimum) && Double.isFinite(maximum) && minimum < maximum;
        }

        public boolean contains(double v) {
            return v >= minimum && v <= maximum;
        }
    }

    default boolean grabFocus(ElementHandle element, Deadline deadline) {
        throw unsupported("focusing elements");
    }

    /** Selects the child at {@code index} of a selection container (lists, tabs, combo menus). */
    default boolean selectChild(ElementHandle container, int index, Deadline deadline) {
        throw unsupported("selecting children");
    }

    /** Whether the child at {@code index} of a selection container is selected (a combo box: the active item). */
    default boolean isChildSelected(ElementHandle container, int index, Deadline deadline) {
        throw unsupported("reading selections");
    }

    default boolean deselectChild(ElementHandle container, int index, Deadline deadline) {
        throw unsupported("deselecting children");
    }

    /** Scrolls the element into view within its scrollable ancestors. */
    default boolean scrollTo(ElementHandle element, Deadline deadline) {
        throw unsupported("scrolling elements into view");
    }

    /**
     * Calls {@code listener} (on a backend thread, without blocking it) for each focus, state, value, text and
     * children change on the desktop until the returned handle is closed.
     */
    default AutoCloseable watch(Consumer<ElementEvent> listener) {
        throw unsupported("watching accessibility events");
    }

    /** One change an application announced: {@code kind} e.g. "state-changed", {@code detail} e.g. "checked". */
    record ElementEvent(String kind, String detail, int value, ElementHandle element, long nanoTime) {
    }

    @Override
    default void close() {
    }

    private static dev.uictl.core.error.UictlException unsupported(String what) {
        return Unsupported.of("accessibility", what);
    }
}
