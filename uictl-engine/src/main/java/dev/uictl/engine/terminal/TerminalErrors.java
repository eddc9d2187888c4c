package dev.uictl.engine.terminal;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.pty.process.CanonicalLines;
import dev.uictl.pty.process.InputTimeoutException;
import dev.uictl.pty.process.PtyException;
import dev.uictl.pty.process.SpawnException;
import dev.uictl.pty.process.TerminalGoneException;
import dev.uictl.pty.process.TerminalIoException;
import dev.uictl.vt.keys.KeySyntaxException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one table from PTY, emulator and session failures to the contract's error codes, hints and details. */
public final class TerminalErrors {
    private TerminalErrors() {
    }

    /** A failure while starting the program: nothing was started. */
    static UictlException spawn(PtyException e, List<String> argv) {
        UictlException u = switch (e) {
            case SpawnException s -> switch (s.reason()) {
                case EXECUTABLE_NOT_FOUND -> UictlException.of(ErrorCode.APP_NOT_FOUND, s.getMessage())
                        .withHint("Check the program name or give its absolute path, e.g. `uictl term open -- /bin/bash`.")
                        .withDetail("program", s.subject());
                case NOT_EXECUTABLE -> UictlException.of(ErrorCode.PERMISSION_DENIED, s.getMessage())
                        .withHint("Make the file executable (`chmod +x " + s.subject() + "`) or run it through its interpreter.")
                        .withDetail("program", s.subject());
                case BAD_WORKING_DIRECTORY -> UictlException.of(ErrorCode.INVALID_ARGS, s.getMessage())
                        .withHint("Pass an existing directory to --cwd, e.g. `--cwd /tmp`.")
                        .withDetail("cwd", s.subject());
                case SYSTEM -> UictlException.of(ErrorCode.IO_ERROR, s.getMessage())
                        .withHint("Check `ls /dev/pts` and the process limits (`ulimit -u`), then retry.");
            };
            default -> io(e, "term open");
        };
        return u.withDetail("argv", argv).withDelivery(Delivery.NOT_DELIVERED).withCause(e);
    }

    /** A failure while sending input, resizing or signalling a running session. */
    static UictlException io(PtyException e, String sessionId) {
        return switch (e) {
            case TerminalGoneException g -> UictlException.of(ErrorCode.PROCESS_EXIT,
                            "session " + sessionId + ": " + g.getMessage())
                    .withHint("Read the final screen with `uictl term screen " + sessionId + "`, then `uictl term close "
                            + sessionId + "`.")
                    .withDetail("session_id", sessionId).withDelivery(Delivery.NOT_DELIVERED).withCause(e);
            case InputTimeoutException t -> UictlException.of(ErrorCode.TIMEOUT, "session " + sessionId + ": " + t.getMessage())
                    .withHint("The program is not reading input; check it with `uictl term screen " + sessionId + "`.")
                    .withDetail("kind", "input").withDetail("bytes_written", t.written())
                    .withDelivery(t.written() > 0 ? Delivery.DELIVERED_UNVERIFIED : Delivery.DELIVERY_UNCERTAIN)
                    .withCause(e);
            case TerminalIoException io -> UictlException.of(ErrorCode.IO_ERROR, "session " + sessionId + ": " + io.getMessage())
                    .withHint("Check the session with `uictl term list`; close it with `uictl term close " + sessionId + "`.")
                    .withDelivery(Delivery.DELIVERY_UNCERTAIN).withCause(e);
            case SpawnException s -> spawn(s, List.of());
        };
    }

    /** Sending failed after {@code bytesBefore} bytes of the same action had reached the program. */
    static UictlException partlyDelivered(PtyException e, String sessionId, long bytesBefore) {
        long partial = e instanceof InputTimeoutException t ? t.written() : 0;
        return io(e, sessionId).withDelivery(Delivery.DELIVERED_UNVERIFIED)
                .withDetail("bytes_written", bytesBefore + partial);
    }

    /** A key name the encoder does not know, or a chord it cannot encode: nothing was sent. */
    static UictlException badKey(KeySyntaxException e) {
        return UictlException.of(ErrorCode.INVALID_ARGS, e.getMessage())
                .withHint("Use tmux-style names, e.g. `uictl term keys t1 Enter C-c Up F5 M-x S-Tab`.")
                .withDelivery(Delivery.NOT_DELIVERED).withCause(e);
    }

    static UictlException notFound(String ref, List<String> known) {
        return UictlException.of(ErrorCode.SESSION_NOT_FOUND, "no terminal session '" + ref + "'")
                .withDetail("session", ref).withDetail("sessions", known);
    }

    static UictlException nameTaken(String name, String id) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "a session named '" + name + "' is already open (" + id + ")")
                .withHint("Pick another --name, or close it first: `uictl term close " + name + "`.")
                .withDetail("name", name).withDetail("session_id", id).withDelivery(Delivery.NOT_DELIVERED);
    }

    static UictlException waitTimedOut(String id, WaitCondition condition, Duration timeout, ScreenView screen,
                                       ExitInfo exit) {
        UictlException u = UictlException.of(ErrorCode.TIMEOUT, "session " + id + ": " + condition.describe()
                        + " did not happen within " + timeout.toMillis() + " ms")
                .withHint("Look at details.last_observation, then raise --timeout or wait for something else: "
                        + "`uictl term screen " + id + "`.")
                .withDetail("kind", "wait").withDetail("condition", condition.describe())
                .withDetail("timeout_ms", timeout.toMillis()).withDetail("last_observation", observation(screen));
        return exit == null ? u : u.withDetail("exit", exit);
    }

    /** {@code where}: "session t1", "pane %3"; the same limit holds for uictl's terminals and tmux's panes. */
    public static UictlException lineTooLong(String where, int lineBytes) {
        int max = CanonicalLines.MAX_LINE_BYTES;
        return UictlException.of(ErrorCode.INVALID_ARGS, where + ": the program reads line by line and the terminal "
                        + "passes at most " + max + " bytes of one line; a line of " + lineBytes
                        + " bytes would be cut short, so nothing was sent")
                .withHint("Send the text in lines of at most " + max + " bytes, each followed by Enter, or hand the "
                        + "program a file to read.")
                .withDetail("kind", "line_too_long").withDetail("line_bytes", lineBytes)
                .withDetail("max_line_bytes", max).withDelivery(Delivery.NOT_DELIVERED);
    }

    static UictlException exitedWhileWaiting(String id, WaitCondition condition, long waitedMs, ScreenView screen,
                                             ExitInfo exit) {
        return UictlException.of(ErrorCode.PROCESS_EXIT, "session " + id + ": the program ended (" + exit + ") before "
                        + condition.describe())
                .withHint("Read its output with `uictl term transcript " + id + "`, then `uictl term close " + id + "`.")
                .withDetail("condition", condition.describe()).withDetail("waited_ms", waitedMs)
                .withDetail("exit", exit).withDetail("last_observation", observation(screen));
    }

    static UictlException offsetAhead(String id, long since, long total) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "session " + id + " has written " + total + " bytes; --since "
                        + since + " lies beyond them")
                .withHint("Pass the end of the last `uictl term transcript " + id + "` answer, or leave --since out "
                        + "for the newest output.")
                .withDetail("since", since).withDetail("total", total).withDelivery(Delivery.NOT_DELIVERED);
    }

    static UictlException unknownSnapshot(String id, String snapshotId, String current) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "session " + id + " did not hand out snapshot '" + snapshotId
                        + "' recently (it keeps the last " + ShownScreens.KEPT + ")")
                .withHint("Pass a snapshot_id from a recent result of this session, e.g. the current one: " + current + ".")
                .withDetail("since", snapshotId).withDetail("current_snapshot_id", current)
                .withDelivery(Delivery.NOT_DELIVERED);
    }

    static UictlException interrupted(String id) {
        return UictlException.of(ErrorCode.ACTION_FAILED, "session " + id + ": the call was interrupted (the client went away)")
                .withDelivery(Delivery.DELIVERY_UNCERTAIN);
    }

    private static Map<String, Object> observation(ScreenView s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("snapshot_id", s.snapshotId());
        o.put("cursor", s.cursor());
        o.put("lines", s.lines());
        return o;
    }
}
