package dev.uictl.engine.desktop.spi;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.lifecycle.LiveState;
import dev.uictl.engine.desktop.clipboard.Selection;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The selections (clipboard) port of the caller's display (X11: the selection agent in ClipboardService). Every
 * operation defaults to {@code PLATFORM_NOT_SUPPORTED}.
 */
public interface Selections extends AutoCloseable, LiveState {
    /** What a selection holds. {@code owner} is the owning window (0: none); {@code target} how it was read. */
    record Content(Selection selection, String text, int owner, String target, boolean ownedByUs) {
    }

    /** What {@code selection} holds; the wait for its owner's answer ends early when the call is cancelled. */
    default Content get(CallContext call, Selection selection, Duration timeout) {
        throw Unsupported.of("selections", "reading the clipboard");
    }

    /** Makes this process own {@code selection} with {@code text}; returns the owning window. */
    default int set(Map<String, String> env, Selection selection, String text, Duration timeout) {
        throw Unsupported.of("selections", "setting the clipboard");
    }

    /** Leaves {@code selection} without an owner; returns the previous owner (0 when there was none). */
    default int clear(Map<String, String> env, Selection selection, Duration timeout) {
        throw Unsupported.of("selections", "clearing the clipboard");
    }

    @Override
    default Optional<String> liveState() {
        return Optional.empty();
    }

    @Override
    default void close() {
    }
}
