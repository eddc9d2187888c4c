package dev.uictl.engine.tmux;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.control.TmuxException;
import dev.uictl.tmux.control.TmuxServer;
import java.util.List;

/** The one mapping from the tmux library's failures to the contract's error codes. */
final class TmuxErrors {
    static final String INSTALL = "apt-get install -y tmux";

    private TmuxErrors() {
    }

    /** {@code delivery} says whether input may have reached a pane when the failure struck. */
    static UictlException map(TmuxException e, TmuxServer server, String session, Delivery delivery) {
        UictlException u = switch (e) {
            case TmuxException.TmuxMissing m -> UictlException.of(ErrorCode.DEPENDENCY_MISSING,
                    "tmux is not available: " + m.getMessage()).withHint("Install it (`" + INSTALL + "`), then check "
                    + "with `uictl tools`.");
            case TmuxException.NoServer n -> UictlException.of(ErrorCode.SESSION_NOT_FOUND,
                            (session == null ? "" : "no session '" + session + "': ") + "no tmux server runs on "
                                    + server.label()).withDetail("server_running", false)
                    .withHint("Start one with `uictl tmux spawn NAME`" + serverFlags(server) + ".");
            case TmuxException.ServerGone g -> UictlException.of(ErrorCode.ACTION_FAILED,
                            "lost the tmux server (or the session) during the call: " + g.getMessage())
                    .withDetail("server_running", false)
                    .withHint("Check it with `uictl tmux health" + serverFlags(server) + "`; the next call reconnects.");
            case TmuxException.SessionNotFound s -> sessionNotFound(session, server);
            case TmuxException.PaneNotFound p -> UictlException.of(ErrorCode.PANE_NOT_FOUND, p.getMessage())
                    .withHint("Run `uictl tmux status" + serverFlags(server) + "` to see the panes.");
            case TmuxException.DuplicateSession d -> UictlException.of(ErrorCode.INVALID_ARGS,
                    "a tmux session named '" + session + "' already exists").withHint("Choose another name or end it "
                    + "with `uictl tmux kill " + session + serverFlags(server) + "`.");
            case TmuxException.NoReply r -> UictlException.of(ErrorCode.TIMEOUT, r.getMessage())
                    .withDetail("kind", "tmux").withHint("tmux did not answer in time: its server may be stopped or "
                            + "overloaded (`ps -C tmux -o pid,stat,args` shows T for stopped). Retry, or "
                            + "check it with `uictl tmux health" + serverFlags(server) + "`.");
            case TmuxException.CommandFailed f -> UictlException.of(ErrorCode.ACTION_FAILED,
                    "tmux refused: " + f.getMessage()).withHint("Run `uictl tmux status" + serverFlags(server)
                    + "` and check the arguments.");
        };
        if (e.command() != null) {
            u = u.withDetail("tmux_command", e.command().length() > 200 ? e.command().substring(0, 200) + "…"
                    : e.command());
        }
        return u.withDetail("server", server.label()).withDelivery(delivery);
    }

    static UictlException sessionNotFound(String session, TmuxServer server) {
        return UictlException.of(ErrorCode.SESSION_NOT_FOUND, "no tmux session named '" + session + "' on server "
                        + server.label()).withDetail("session", session)
                .withHint("Run `uictl tmux status" + serverFlags(server) + "` to list sessions.");
    }

    /** Input for a pane whose program has exited: nothing was sent. */
    static UictlException paneExited(String session, PaneInfo pane, TmuxServer server) {
        String status = pane.deadStatus() >= 0 ? " with exit status " + pane.deadStatus() : "";
        return UictlException.of(ErrorCode.PROCESS_EXIT, "the program of pane " + pane.position() + " (" + pane.id()
                        + ") in tmux session '" + session + "' has exited" + status + "; nothing was sent")
                .withDetail("pane", pane.position()).withDetail("pane_id", pane.id())
                .withDetail("exit_status", pane.deadStatus() >= 0 ? pane.deadStatus() : null)
                .withDetail("server", server.label())
                .withHint("Read its last output with `uictl tmux tail " + session + " --pane " + pane.position()
                        + serverFlags(server) + "`, start its program again with `tmux" + serverFlags(server)
                        + " respawn-pane -t " + pane.id() + "`, or end the session with `uictl tmux kill " + session
                        + serverFlags(server) + "`.")
                .withDelivery(Delivery.NOT_DELIVERED);
    }

    static UictlException paneNotFound(String session, String selector, List<String> available) {
        return UictlException.of(ErrorCode.PANE_NOT_FOUND, "no pane '" + selector + "' in tmux session '" + session
                        + "'").withDetail("pane", selector).withDetail("available", available)
                .withHint("Use one of " + available + " (N, W.P or %N), or run `uictl tmux status`.");
    }

    /** The flags that select {@code server} again, for hints. */
    static String serverFlags(TmuxServer server) {
        if (server.socketPath() != null) {
            return " -S " + server.socketPath();
        }
        return server.socketName() != null ? " -L " + server.socketName() : "";
    }
}
