package dev.uictl.tmux.control;

import java.util.List;

/** One complete message of tmux control mode: a command's reply block, pane output or a notification. */
public sealed interface ControlEvent {

    /**
     * A {@code %begin … %end} (ok) or {@code %begin … %error} block. {@code flags} bit 0 is set for commands this
     * client sent; blocks without it answer the command tmux ran at attach time.
     */
    record Reply(long time, long number, int flags, boolean ok, List<String> lines) implements ControlEvent {
        public Reply {
            lines = List.copyOf(lines);
        }

        public boolean fromClient() {
            return (flags & 1) != 0;
        }

        public String text() {
            return String.join("\n", lines);
        }
    }

    /**
     * Bytes a pane wrote ({@code %output}, or {@code %extended-output} with the age tmux held them, in ms; 0 for
     * plain output). The data is the raw byte stream, unescaped, never decoded.
     */
    record Output(String paneId, byte[] data, long ageMillis) implements ControlEvent {
    }

    /** Output of a pane was paused ({@code %pause}) or resumed ({@code %continue}) under {@code pause-after}. */
    record FlowControl(String paneId, boolean paused) implements ControlEvent {
    }

    /** Any other {@code %name args…} line ({@code %sessions-changed}, {@code %window-add @1}, …). */
    record Notification(String name, List<String> args) implements ControlEvent {
        public Notification {
            args = List.copyOf(args);
        }
    }

    /** {@code %exit [reason]}: the client is detached and tmux will close the pipe. */
    record Exit(String reason) implements ControlEvent {
    }
}
