package dev.uictl.core.registry;

import dev.uictl.core.envelope.AgentHints;

/**
 * What a command returns: the envelope's data and optional agent hints. A {@code streamed} result has already
 * written its output through {@link CommandContext#emit} and gets no final envelope.
 */
public record Result(Object data, AgentHints hints, boolean streamed) {
    public static Result of(Object data) {
        return new Result(data, null, false);
    }

    public static Result of(Object data, AgentHints hints) {
        return new Result(data, hints, false);
    }

    public static Result streamedOutput() {
        return new Result(null, null, true);
    }
}
