package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.pty.process.InputTimeoutException;
import dev.uictl.pty.process.SpawnException;
import dev.uictl.pty.process.TerminalGoneException;
import dev.uictl.pty.process.TerminalIoException;
import dev.uictl.vt.KeyModes;
import dev.uictl.vt.keys.KeyEncoder;
import dev.uictl.vt.keys.KeySyntaxException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mapping table, row by row: code, delivery and a hint naming a runnable command. */
class TerminalErrorsTest {
    private static void row(UictlException e, ErrorCode code, Delivery delivery) {
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.delivery()).isEqualTo(delivery);
        assertThat(e.hint()).contains("`");
    }

    @Test
    void spawnFailures() {
        List<String> argv = List.of("x");
        row(TerminalErrors.spawn(new SpawnException(SpawnException.Reason.EXECUTABLE_NOT_FOUND, "x", "m", null), argv),
                ErrorCode.APP_NOT_FOUND, Delivery.NOT_DELIVERED);
        row(TerminalErrors.spawn(new SpawnException(SpawnException.Reason.NOT_EXECUTABLE, "x", "m", null), argv),
                ErrorCode.PERMISSION_DENIED, Delivery.NOT_DELIVERED);
        row(TerminalErrors.spawn(new SpawnException(SpawnException.Reason.BAD_WORKING_DIRECTORY, "/d", "m", null), argv),
                ErrorCode.INVALID_ARGS, Delivery.NOT_DELIVERED);
        row(TerminalErrors.spawn(new SpawnException(SpawnException.Reason.SYSTEM, "openpty", "m", null), argv),
                ErrorCode.IO_ERROR, Delivery.NOT_DELIVERED);
    }

    @Test
    void runningSessionFailures() {
        row(TerminalErrors.io(new TerminalGoneException("gone"), "t1"), ErrorCode.PROCESS_EXIT, Delivery.NOT_DELIVERED);
        row(TerminalErrors.io(new InputTimeoutException("full", 0), "t1"), ErrorCode.TIMEOUT, Delivery.DELIVERY_UNCERTAIN);
        UictlException partial = TerminalErrors.io(new InputTimeoutException("full", 10), "t1");
        row(partial, ErrorCode.TIMEOUT, Delivery.DELIVERED_UNVERIFIED);
        assertThat(partial.details()).containsEntry("kind", "input").containsEntry("bytes_written", 10L);
        row(TerminalErrors.io(new TerminalIoException("eio", null), "t1"), ErrorCode.IO_ERROR, Delivery.DELIVERY_UNCERTAIN);
    }

    @Test
    void badKeysAndWaits() {
        KeySyntaxException bad = catchThrowableOfType(KeySyntaxException.class,
                () -> KeyEncoder.encode("Nope", new KeyModes(false, false, false)));
        row(TerminalErrors.badKey(bad), ErrorCode.INVALID_ARGS, Delivery.NOT_DELIVERED);
        ScreenView screen = new ScreenView(1, "t1.0", 1, 1, new ScreenView.CursorView(0, 0, true), false, "",
                new ScreenView.ModesView(false, false, false, "none", "default", false, true, false, false),
                List.of("x"), null, null);
        UictlException timeout = TerminalErrors.waitTimedOut("t1", new WaitCondition.Exited(), Duration.ofMillis(5), screen, null);
        assertThat(timeout.code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(timeout.details()).containsEntry("kind", "wait").containsEntry("timeout_ms", 5L).containsKey("last_observation");
        UictlException exited = TerminalErrors.exitedWhileWaiting("t1", new WaitCondition.Text("a"), 3, screen,
                new ExitInfo(1, null, null));
        assertThat(exited.code()).isEqualTo(ErrorCode.PROCESS_EXIT);
        assertThat(TerminalErrors.notFound("zz", List.of("t1")).code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND);
    }
}
