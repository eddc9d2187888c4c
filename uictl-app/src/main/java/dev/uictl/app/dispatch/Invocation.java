package dev.uictl.app.dispatch;

import dev.uictl.core.call.Cancellation;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One command line to run and the caller's context: identical whether it came over the daemon socket, from
 * this process's own argv (--no-daemon) or from a `serve --stdio` line.
 *
 * @param stdout       receives the rendered reply; written and flushed per envelope
 * @param onDisconnect registers cleanups to run when the caller goes away
 * @param cancellation cancelled when the caller goes away or the daemon stops
 */
public record Invocation(List<String> argv, Path cwd, Map<String, String> env, InputStream stdin, OutputStream stdout,
                         PrintStream stderr, boolean stdoutTty, Consumer<Runnable> onDisconnect,
                         Cancellation cancellation) {
    /** A caller that cannot go away mid-call (this process's own argv). */
    public Invocation(List<String> argv, Path cwd, Map<String, String> env, InputStream stdin, OutputStream stdout,
                      PrintStream stderr, boolean stdoutTty, Consumer<Runnable> onDisconnect) {
        this(argv, cwd, env, stdin, stdout, stderr, stdoutTty, onDisconnect, Cancellation.NEVER);
    }
}
