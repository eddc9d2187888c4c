package dev.uictl.core.error;

/**
 * The closed table of error codes (SPEC §2.2). Each code carries its process exit code and a default hint
 * naming a runnable next step; callers override the hint when they know better. Extend only additively.
 */
public enum ErrorCode {
    INTERNAL_ERROR(1, "Run `uictl doctor` and report the failure with the daemon log (`uictl daemon status`)."),
    ACTION_FAILED(1, "Inspect the target with `uictl list-windows` and retry the action."),
    IO_ERROR(1, "Check the path and permissions, then retry."),
    APP_UNRESPONSIVE(1, "The application did not answer in time; check it with `uictl list-apps`."),
    DEPENDENCY_MISSING(2, "Run `uictl tools` to see what is missing and how to install it."),
    DAEMON_UNAVAILABLE(2, "Run `uictl daemon restart`, then retry; `uictl daemon status` shows the daemon log."),
    NOT_IMPLEMENTED(2, "Run `uictl capabilities` to list what this build supports."),
    PLATFORM_NOT_SUPPORTED(2, "Run `uictl tools` to see which backends are available on this machine."),
    ACTION_NOT_SUPPORTED(2, "Run `uictl capabilities --command <name>` to see the supported forms."),
    SANDBOX_UNAVAILABLE(2, "Install bubblewrap (`apt-get install bubblewrap`) or choose `sandbox: none` explicitly."),
    INVALID_ARGS(3, "Run `uictl <command> --help` for the accepted arguments."),
    MISSING_REQUIRED(3, "Run `uictl <command> --help` for the required arguments."),
    SELECTOR_INVALID(3, "Fix the selector; see `uictl help selectors` (e.g. `title~=Term`, `@w1`, `class=xterm`)."),
    TIMEOUT(4, "Raise --timeout or check the condition with a fresh observation (`uictl list-windows`)."),
    ASSERTION_FAILED(5, "Look at details.checks for the observed values."),
    PROCESS_EXIT(6, "The program exited; read its output with `uictl term transcript <id>`."),
    SELECTOR_NOT_FOUND(7, "Run `uictl list-windows` to see the current windows and their refs."),
    WINDOW_NOT_FOUND(7, "Run `uictl list-windows` to see the current windows."),
    ELEMENT_NOT_FOUND(7, "Run `uictl snapshot -i` to see the current elements."),
    APP_NOT_FOUND(7, "Run `uictl list-apps` to see running applications."),
    SESSION_NOT_FOUND(7, "Run `uictl term list` to see open sessions."),
    PANE_NOT_FOUND(7, "Run `uictl tmux status` to see panes."),
    SNAPSHOT_NOT_FOUND(7, "Run `uictl snapshot` to take a new snapshot."),
    STALE_REF(7, "The listing that gave the ref was replaced; run `uictl list-windows` again and use the new refs."),
    SELECTOR_AMBIGUOUS(8, "Use one of the candidates' refs or ids (e.g. `@w2` or `id=win3`)."),
    POLICY_DENIED(9, "Run with --explain-policy to see which rule denied it."),
    PERMISSION_DENIED(9, "Run uictl as the user who owns the daemon and runtime directory."),
    PROTOCOL_ERROR(10, "Send one JSON object per line: {\"id\":1,\"argv\":[\"version\"]}."),
    PROTOCOL_VERSION_MISMATCH(10, "Run `uictl daemon restart` so client and daemon run the same version."),
    TERMINAL_PARSE(10, "Report the byte sequence with `uictl term transcript <id>`."),
    REPLAY_MISMATCH(11, "Compare with `uictl replay-report --artifacts <dir>`.");

    private final int exitCode;
    private final String defaultHint;

    ErrorCode(int exitCode, String defaultHint) {
        this.exitCode = exitCode;
        this.defaultHint = defaultHint;
    }

    public int exitCode() {
        return exitCode;
    }

    public String defaultHint() {
        return defaultHint;
    }
}
