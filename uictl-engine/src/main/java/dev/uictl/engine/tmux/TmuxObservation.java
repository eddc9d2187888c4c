package dev.uictl.engine.tmux;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.terminal.ScreenView;
import dev.uictl.engine.terminal.ScreenViews;
import dev.uictl.engine.tmux.model.ActivityResult;
import dev.uictl.engine.tmux.model.PaneState;
import dev.uictl.engine.tmux.model.PaneTail;
import dev.uictl.engine.tmux.model.TailResult;
import dev.uictl.engine.tmux.model.TmuxWaitResult;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.command.Target;
import dev.uictl.tmux.command.TmuxCommand;
import dev.uictl.tmux.control.TmuxException;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reading panes: tail (capture-pane, or the pane's screen in uictl's emulator), activity and waits. Activity and
 * waits read the control-mode output stream of each pane; they never poll capture-pane.
 */
public final class TmuxObservation {
    public static final Duration DEFAULT_QUIET = Duration.ofMillis(1000);
    private static final long RECHECK_NANOS = Duration.ofMillis(50).toNanos();
    /** How long a dead pane's exit status may lag behind its death before the wait answers without it. */
    private static final Duration STATUS_GRACE = Duration.ofSeconds(1);
    private static final long STATUS_POLL_MS = 20;

    public enum Condition { IDLE, TEXT, EXIT }

    private final TmuxService tmux;

    TmuxObservation(TmuxService tmux) {
        this.tmux = tmux;
    }

    public TailResult tail(CallContext ctx, ServerChoice choice, String session, PaneTargets targets, int lines,
                           boolean screen, boolean cells) {
        ServerConnection conn = tmux.connection(ctx, choice);
        List<PaneInfo> panes = targets.resolve(session, tmux.sessionPanes(conn, session, ctx.deadline()));
        List<PaneTail> out = new ArrayList<>();
        try {
            for (PaneInfo p : panes) {
                Target target = Target.paneId(p.id());
                List<String> captured = conn.run(session, TmuxCommand.of("capture-pane").flag("-p").flag("-J")
                        .option("-S", "-" + lines).target(target), TmuxService.roundTrip(ctx.deadline()));
                List<String> clean = new ArrayList<>(captured.size());
                captured.forEach(l -> clean.add(AnsiText.strip(l).stripTrailing()));
                while (!clean.isEmpty() && clean.getLast().isEmpty()) {
                    clean.removeLast();
                }
                boolean truncated = clean.size() > lines;
                List<String> last = List.copyOf(clean.subList(Math.max(0, clean.size() - lines), clean.size()));
                out.add(new PaneTail(p.position(), p.id(), last, truncated,
                        screen ? screenOf(conn, session, p, cells, ctx.deadline()) : null));
            }
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.NOT_DELIVERED);
        }
        return new TailResult(session, out);
    }

    /** The pane's emulated screen, seeded on first use from capture-pane with attributes and the cursor. */
    private static ScreenView screenOf(ServerConnection conn, String session, PaneInfo p, boolean cells,
                                       Deadline deadline) {
        PaneStream stream = conn.stream(p.id());
        if (!stream.hasScreen()) {
            List<String> rows = conn.run(session, TmuxCommand.of("capture-pane").flag("-p").flag("-e")
                    .target(Target.paneId(p.id())), TmuxService.roundTrip(deadline));
            Terminal t = new Terminal(Math.max(2, p.height()), Math.max(2, p.width()));
            StringBuilder seed = new StringBuilder("\u001b[H\u001b[2J");
            for (int r = 0; r < rows.size() && r < p.height(); r++) {
                seed.append("\u001b[").append(r + 1).append(";1H").append(rows.get(r)).append("\u001b[0m");
            }
            seed.append("\u001b[").append(p.cursorY() + 1).append(';').append(p.cursorX() + 1).append('H');
            t.write(seed.toString().getBytes(StandardCharsets.UTF_8));
            stream.installScreen(t);
        }
        return ScreenViews.of(p.id() + "." + stream.totalBytes(), stream.screen(cells));
    }

    /**
     * Each pane's state from its output stream. A pane watched for less than the quiet period is watched until
     * the period has passed (bounded by the deadline), so "idle" is never a guess.
     */
    public ActivityResult activity(CallContext ctx, ServerChoice choice, String session, PaneTargets targets,
                                   Duration quiet) {
        ServerConnection conn = tmux.connection(ctx, choice);
        List<PaneInfo> panes = targets.resolve(session, tmux.sessionPanes(conn, session, ctx.deadline()));
        long quietNanos = quiet.toNanos();
        long youngest = panes.stream().mapToLong(p -> conn.stream(p.id()).watchingSince()).max().orElse(0);
        long sample = youngest + quietNanos - System.nanoTime();
        if (sample > 0) {
            conn.events().await(() -> System.nanoTime() - youngest >= quietNanos, sample,
                    ctx.deadline(), ctx.cancellation());
        }
        try {
            panes = TmuxInput.refreshed(conn, session, panes, ctx.deadline());
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.NOT_DELIVERED);
        }
        long now = System.nanoTime();
        List<PaneState> states = new ArrayList<>();
        for (PaneInfo p : panes) {
            states.add(PaneJudge.judge(p, conn.stream(p.id()), quietNanos, now));
        }
        Map<String, Integer> summary = new LinkedHashMap<>();
        for (String s : List.of("idle", "working", "exited")) {
            summary.put(s, (int) states.stream().filter(x -> x.state().equals(s)).count());
        }
        return new ActivityResult(session, quiet.toMillis(), states, summary);
    }

    /**
     * Waits until all target panes (or, with {@code any}, one of them) meet the condition: idle (quiet for
     * {@code quiet} with the program alive), text (in output written after the call began, or after the marks
     * {@code since} when given; with {@code includeScreen} also on the screen as it is now) or exit. Bounded by the
     * call's deadline (TIMEOUT with the last observation), stopped by its cancellation.
     */
    public TmuxWaitResult await(CallContext ctx, ServerChoice choice, String session, PaneTargets targets,
                                Condition condition, String text, boolean includeScreen, boolean any,
                                Duration quiet, OutputMarks since) {
        long t0 = System.nanoTime();
        ServerConnection conn = tmux.connection(ctx, choice);
        List<PaneInfo> panes = targets.resolve(session, tmux.sessionPanes(conn, session, ctx.deadline()));
        long quietNanos = quiet.toNanos();
        Map<String, Long> marks = new LinkedHashMap<>();
        panes.forEach(p -> marks.put(p.id(), since == null ? conn.stream(p.id()).position()
                : since.offset(conn.stream(p.id()))));
        List<String> onScreen = new ArrayList<>();
        if (condition == Condition.TEXT && includeScreen) {
            for (PaneInfo p : panes) {
                if (ScreenMatch.contains(TmuxInput.capture(conn, session, Target.paneId(p.id()), ctx.deadline()), text)) {
                    onScreen.add(p.id());
                }
            }
        }
        DeadPanes dead = new DeadPanes(conn, session, ctx.deadline());
        Predicate<PaneInfo> met = switch (condition) {
            case IDLE -> p -> PaneJudge.alive(p) && conn.stream(p.id()).quietNanos(System.nanoTime()) >= quietNanos;
            case EXIT -> p -> !PaneJudge.alive(p) || dead.contains(p.id());
            case TEXT -> p -> onScreen.contains(p.id())
                    || AnsiText.strip(conn.stream(p.id()).since(marks.get(p.id()))).contains(text);
        };
        Predicate<PaneInfo> hopeless = condition == Condition.EXIT ? p -> false
                : p -> !PaneJudge.alive(p) || dead.contains(p.id());
        List<PaneInfo> watched = panes;
        boolean done = conn.events().await(() -> any ? watched.stream().anyMatch(met)
                        || watched.stream().allMatch(hopeless) : watched.stream().allMatch(met.or(hopeless)),
                RECHECK_NANOS, ctx.deadline(), ctx.cancellation());
        ctx.cancellation().throwIfCancelled();
        List<PaneInfo> now;
        try {
            now = TmuxInput.matched(panes, conn.panes(session, TmuxInput.afterTheEnd(ctx.deadline())));
        } catch (TmuxException e) {
            // the session or server ending ended its panes: an exit, but for the other conditions the reason why
            // they were not met; tmux's silence says nothing about the panes
            boolean ended = e instanceof TmuxException.SessionNotFound || e instanceof TmuxException.NoServer
                    || e instanceof TmuxException.ServerGone;
            if (condition != Condition.EXIT || !ended) {
                TmuxException lost = conn.ended(session);
                throw TmuxErrors.map(lost != null ? lost : e, conn.server(), session, Delivery.NOT_DELIVERED);
            }
            now = TmuxInput.matched(panes, List.of());
        }
        if (condition == Condition.EXIT) {
            now = withExitStatuses(conn, session, panes, now, ctx);
        }
        long nowNanos = System.nanoTime();
        List<PaneState> states = now.stream().map(p -> PaneJudge.judge(p, conn.stream(p.id()), quietNanos, nowNanos))
                .toList();
        List<String> metPanes = now.stream().filter(met).map(PaneInfo::position).toList();
        long waited = (nowNanos - t0) / 1_000_000;
        String name = condition.name().toLowerCase(java.util.Locale.ROOT);
        boolean satisfied = any ? !metPanes.isEmpty() : metPanes.size() == now.size();
        if (!satisfied) {
            List<String> exited = states.stream().filter(s -> s.state().equals("exited")).map(PaneState::pane).toList();
            UictlException e = done && !exited.isEmpty()
                    ? UictlException.of(ErrorCode.PROCESS_EXIT, "pane(s) " + exited + " exited before the " + name
                            + " condition was met").withHint("Read their last output with `uictl tmux tail " + session
                            + " --pane " + exited.getFirst() + "`.")
                    : UictlException.of(ErrorCode.TIMEOUT, "tmux wait " + name + " not met after " + waited + " ms")
                            .withDetail("kind", "wait").withDetail("timeout_ms", waited)
                            .withHint(condition == Condition.TEXT ? textTimeoutHint(session, since != null)
                                    : "Raise --timeout, or look at the panes with `uictl tmux activity " + session
                                    + "`.");
            throw e.withDetail("condition", name).withDetail("last_observation", states)
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        return new TmuxWaitResult(session, name, any ? "any" : "all", waited, metPanes, states);
    }

    /** Text printed before the wait began is only seen through --since or --include-screen: say so. */
    private static String textTimeoutHint(String session, boolean sinceGiven) {
        return (sinceGiven ? "Raise --timeout, or add --include-screen to also accept the text on the screen now"
                : "Raise --timeout; output written before the wait began counts only with --since (the since of the "
                + "tmux send answer) or --include-screen (the text on the screen now)")
                + "; look at the panes with `uictl tmux tail " + session + "`.";
    }

    /**
     * tmux marks a pane dead when its terminal closes and records the exit status when it reaps the program, a moment
     * later: a pane seen dead without its status is listed again (briefly, within the deadline) so the exit that
     * was waited for carries its status, and a status read right after shows it too.
     */
    static List<PaneInfo> withExitStatuses(ServerConnection conn, String session, List<PaneInfo> panes,
                                           List<PaneInfo> now, CallContext ctx) {
        long until = System.nanoTime() + STATUS_GRACE.toNanos();
        List<PaneInfo> latest = now;
        // a pane whose program is gone may not be dead for tmux yet (it notices the closed terminal and the child's
        // exit separately), and a dead one gets its status a moment later; a pane tmux no longer lists (no terminal)
        // has no status to wait for
        while (latest.stream().anyMatch(p -> !PaneJudge.alive(p) && (!p.dead() || p.deadStatus() < 0)
                        && !p.tty().isEmpty())
                && System.nanoTime() < until && !ctx.deadline().expired()) {
            ctx.cancellation().sleep(STATUS_POLL_MS);
            try {
                latest = TmuxInput.matched(panes, conn.panes(session, TmuxInput.afterTheEnd(ctx.deadline())));
            } catch (TmuxException gone) {
                return latest; // the session ended meanwhile: what was seen stands
            }
        }
        return latest;
    }
}
