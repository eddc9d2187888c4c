package dev.uictl.commands.daemon;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Managing the daemon for the caller's user and display; implemented by the app, which owns sockets. */
public interface DaemonControl {
    /** Starts the daemon if it is not running; returns its status once it accepts connections. */
    DaemonStatus start(Map<String, String> env);

    /** Asks a running daemon to stop and waits until it has; returns the status seen before stopping. */
    DaemonStatus stop(Map<String, String> env, Duration timeout);

    DaemonStatus status(Map<String, String> env);

    /** The private directory holding the socket, log and pid file for this environment. */
    Path runtimeDir(Map<String, String> env);

    /** Runs the daemon in this process until it stops (the body of `daemon run`). */
    void runForeground(Map<String, String> env, Duration idleTimeout);
}
