package dev.uictl.commands.tmux;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.engine.tmux.PaneSelector;
import dev.uictl.engine.tmux.PaneTargets;
import dev.uictl.engine.tmux.ServerChoice;
import dev.uictl.engine.tmux.TmuxObservation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Parameters shared by the tmux commands and their parsing. */
final class TmuxArgs {
    static final ParamSpec SESSION = ParamSpec.positional("session", ParamType.STRING,
            "tmux session name, matched exactly (api never means api-2)");
    static final ParamSpec SOCKET_NAME = ParamSpec.option("socket-name", ParamType.STRING,
            "tmux server socket name, as tmux -L (default: the default server, under $TMUX_TMPDIR)").alias("-L");
    static final ParamSpec SOCKET_PATH = ParamSpec.option("socket-path", ParamType.PATH,
            "tmux server socket path, as tmux -S").alias("-S");
    static final ParamSpec PANE = ParamSpec.option("pane", ParamType.STRING,
            "One pane: N, W.P or %N (default: the active pane)");
    static final ParamSpec PANES = ParamSpec.option("panes", ParamType.STRING, "Several panes, comma separated: 1,2 or "
            + "0.1,%4");
    static final ParamSpec ALL = ParamSpec.flag("all", "Every pane of the session");
    /** The quiet period of idle for every tmux command; tmux health judges with the same default. */
    static final ParamSpec QUIET_MS = ParamSpec.option("quiet-ms", ParamType.INTEGER,
            "A pane with no output for this many ms counts as idle")
            .defaultsTo(String.valueOf(TmuxObservation.DEFAULT_QUIET.toMillis())).between(1, 600_000);

    /** Errors of every command that reaches panes of a session. */
    static final ErrorCode[] PANE_ERRORS = {ErrorCode.SESSION_NOT_FOUND, ErrorCode.PANE_NOT_FOUND,
        ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED};

    /**
     * A tmux command's spec with the parameters they share: the session ({@code null} for none), --pane, --panes
     * and --all when {@code panes}, -L / -S, and --timeout when {@code timeoutMs} is given.
     */
    static CommandSpec.Builder spec(String name, ParamSpec session, boolean panes, String timeoutMs) {
        CommandSpec.Builder b = CommandSpec.builder(name, Category.TMUX);
        if (session != null) {
            b.param(session);
        }
        if (panes) {
            b.param(PANE).param(PANES).param(ALL);
        }
        b.param(SOCKET_NAME).param(SOCKET_PATH);
        return timeoutMs == null ? b : b.param(timeout(timeoutMs));
    }

    static ParamSpec timeout(String defaultMs) {
        return ParamSpec.option("timeout", ParamType.INTEGER, "Give up after this many ms").defaultsTo(defaultMs)
                .between(1, 3_600_000);
    }

    private TmuxArgs() {
    }

    static ServerChoice server(Args args) {
        String name = args.has("socket-name") ? args.string("socket-name") : null;
        String path = args.has("socket-path") ? args.string("socket-path") : null;
        if (name != null && path != null) {
            throw invalid("pass either --socket-name (-L) or --socket-path (-S), not both", "Keep one of them.");
        }
        if (name != null && !name.matches("[A-Za-z0-9_.-]{1,64}")) {
            throw invalid("--socket-name must be 1..64 letters, digits, '_', '-' or '.', got '" + name + "'",
                    "E.g. `-L work`; use -S for a path.");
        }
        if (path != null && (path.isBlank() || path.length() > 100)) {
            throw invalid("--socket-path must be a path of at most 100 characters (the Unix socket limit)",
                    "E.g. `-S /tmp/my-tmux.sock`.");
        }
        return new ServerChoice(name, path);
    }

    static String session(Args args) {
        return args.string("session");
    }

    static PaneTargets panes(Args args) {
        int given = (args.has("pane") ? 1 : 0) + (args.has("panes") ? 1 : 0) + (args.flag("all") ? 1 : 0);
        if (given > 1) {
            throw invalid("pass one of --pane, --panes and --all", "E.g. `--pane 1` or `--panes 1,2`.");
        }
        if (args.flag("all")) {
            return PaneTargets.ALL;
        }
        List<PaneSelector> selectors = new ArrayList<>();
        if (args.has("pane")) {
            selectors.add(PaneSelector.parse(args.string("pane")));
        }
        if (args.has("panes")) {
            for (String s : args.string("panes").split(",", -1)) {
                selectors.add(PaneSelector.parse(s));
            }
            if (selectors.size() > 256) {
                throw invalid("--panes lists more than 256 panes", "Use --all.");
            }
        }
        return selectors.isEmpty() ? PaneTargets.ACTIVE : new PaneTargets(selectors, false);
    }

    /** A millisecond option, its range checked at the edge (ParamValues) like every declared range. */
    static Duration millis(Args args, String name) {
        return Duration.ofMillis(args.integer(name));
    }

    /** The caller's context bounded by {@code timeout} (and by its own deadline, if sooner). */
    static CallContext within(CallContext ctx, Duration timeout) {
        Deadline deadline = ctx.deadline().min(Deadline.after(timeout));
        return new CallContext() {
            @Override
            public Path cwd() {
                return ctx.cwd();
            }

            @Override
            public Map<String, String> env() {
                return ctx.env();
            }

            @Override
            public String session() {
                return ctx.session();
            }

            @Override
            public Deadline deadline() {
                return deadline;
            }

            @Override
            public Cancellation cancellation() {
                return ctx.cancellation();
            }

            @Override
            public void onDisconnect(Runnable cleanup) {
                ctx.onDisconnect(cleanup);
            }
        };
    }

    /** The call bounded by its --timeout, or by a few round trips (10 s) for commands without one. */
    static CallContext call(CallContext ctx, Args args) {
        return within(ctx, args.has("timeout") ? millis(args, "timeout") : Duration.ofSeconds(10));
    }

    static Duration quiet(Args args) {
        return millis(args, "quiet-ms");
    }

    static UictlException invalid(String message, String hint) {
        return UictlException.of(ErrorCode.INVALID_ARGS, message).withHint(hint).withDelivery(Delivery.NOT_DELIVERED);
    }
}
