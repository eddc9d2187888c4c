package dev.uictl.core.call;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a domain service needs to know about the call it serves: whose environment and directory, which session
 * namespace, until when, whether it was cancelled, and what to undo if the caller goes away. Services take this,
 * not the command context, so they can be called from any surface (CLI, serve, MCP, scenarios).
 */
public interface CallContext {
    /** The caller's working directory (the client's, not the daemon's). */
    Path cwd();

    /** The caller's environment. */
    Map<String, String> env();

    /** The namespace for refs and snapshots (--session / UICTL_SESSION). */
    String session();

    /** When the call must be answered by; {@link Deadline#NONE} when the caller set no bound. */
    default Deadline deadline() {
        return Deadline.NONE;
    }

    /** Cancelled when the caller goes away or the daemon shuts down. */
    default Cancellation cancellation() {
        return Cancellation.NEVER;
    }

    /** Runs when the caller goes away, even mid-command (e.g. releases held keys). */
    void onDisconnect(Runnable cleanup);
}
