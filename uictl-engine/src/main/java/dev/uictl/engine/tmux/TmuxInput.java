package dev.uictl.engine.tmux;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.terminal.TerminalErrors;
import dev.uictl.engine.tmux.model.InterruptResult;
import dev.uictl.engine.tmux.model.PaneDelivery;
import dev.uictl.engine.tmux.model.PaneState;
import dev.uictl.engine.tmux.model.SendResult;
import dev.uictl.pty.process.CanonicalLines;
import dev.uictl.pty.process.TerminalQueue;
import dev.uictl.tmux.command.PaneInfo;
import dev.uictl.tmux.command.Target;
import dev.uictl.tmux.command.TmuxCommand;
import dev.uictl.tmux.control.TmuxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Input to panes. Text goes literally ({@code send-keys -l}, chunks split on UTF-8 boundaries) or as a bracketed
 * paste buffer (multi-line text, and text that opens an agent's completion picker: a leading {@code /} or an
 * {@code @}); Enter follows separately once the pane's echo of the text has arrived and settled on the output
 * stream. The result reports the evidence: whether the screen showed the text and whether the program reacted.
 */
public final class TmuxInput {
    /** Bytes per send-keys: NTM's measured-safe chunk. */
    static final int CHUNK_BYTES = 4096;
    public static final int MAX_MESSAGE_BYTES = 1 << 20;
    /** Output that stopped for this long after the text counts as the text having arrived. */
    private static final long ECHO_SETTLE_NANOS = Duration.ofMillis(20).toNanos();
    private static final long RECHECK_NANOS = Duration.ofMillis(10).toNanos();
    private static final long UNREAD_RECHECK_MS = 10;
    private static final AtomicLong BUFFERS = new AtomicLong();

    public enum Mode { AUTO, KEYS, PASTE }

    private final TmuxService tmux;

    TmuxInput(TmuxService tmux) {
        this.tmux = tmux;
    }

    /**
     * Sends {@code message} (and then Enter, if asked) to each target pane in turn. {@code verify} bounds the
     * wait for the echo and for the reaction to Enter, per pane.
     */
    public SendResult send(CallContext ctx, ServerChoice choice, String session, PaneTargets targets, String message,
                           boolean enter, Mode mode, Duration verify) {
        if (message.indexOf('\0') >= 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the message contains a NUL character, which tmux cannot "
                    + "carry").withHint("Remove NUL characters from --msg.").withDelivery(Delivery.NOT_DELIVERED);
        }
        if (message.getBytes(StandardCharsets.UTF_8).length > MAX_MESSAGE_BYTES) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the message is longer than " + MAX_MESSAGE_BYTES
                    + " bytes").withHint("Send it in parts.").withDelivery(Delivery.NOT_DELIVERED);
        }
        if (message.isEmpty() && !enter) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "nothing to send: empty --msg and --no-enter")
                    .withHint("Pass --msg TEXT, or drop --no-enter to send just Enter.")
                    .withDelivery(Delivery.NOT_DELIVERED);
        }
        ServerConnection conn = tmux.connection(ctx, choice);
        List<PaneInfo> panes = targets.resolve(session, tmux.sessionPanes(conn, session, ctx.deadline()));
        refuseExitedPanes(ctx, conn, session, panes);
        refuseOverlongLine(message, panes);
        List<PaneDelivery> out = new ArrayList<>();
        Map<String, OutputMarks.Mark> reactions = new LinkedHashMap<>();
        for (PaneInfo pane : panes) {
            try {
                Delivered d = deliver(ctx, conn, session, pane, message, enter, mode, verify);
                out.add(d.delivery());
                reactions.put(pane.id(), d.reactionFrom());
            } catch (TmuxException e) {
                throw TmuxErrors.map(e, conn.server(), session, Delivery.DELIVERY_UNCERTAIN)
                        .withDetail("delivered", out);
            }
        }
        String weakest = out.stream().anyMatch(d -> !d.delivery().equals(verified())) ? unverified() : verified();
        return new SendResult(session, weakest, new OutputMarks(reactions).token(reactions.keySet()), out);
    }

    /** One pane's delivery, and where in its output the program's response to it begins. */
    private record Delivered(PaneDelivery delivery, OutputMarks.Mark reactionFrom) {
    }

    /**
     * A dead pane (tmux keeps it after its program exited, remain-on-exit) takes keys and drops them: input to it is
     * refused before anything is sent to any pane, rather than reported delivered.
     */
    private static void refuseExitedPanes(CallContext ctx, ServerConnection conn, String session,
                                          List<PaneInfo> panes) {
        if (panes.stream().allMatch(PaneJudge::alive)) {
            return;
        }
        // the exit status follows the death by a moment: the refusal carries it
        for (PaneInfo pane : TmuxObservation.withExitStatuses(conn, session, panes, panes, ctx)) {
            if (!PaneJudge.alive(pane)) {
                throw TmuxErrors.paneExited(session, pane, conn.server());
            }
        }
    }

    /**
     * A pane whose program reads line by line gets at most {@link CanonicalLines#MAX_LINE_BYTES} of one line from
     * the kernel, which drops the rest unseen (while the echo still shows it all): refused before anything is sent.
     */
    private static void refuseOverlongLine(String message, List<PaneInfo> panes) {
        int longest = CanonicalLines.longestLine(0, message.getBytes(StandardCharsets.UTF_8));
        if (longest <= CanonicalLines.MAX_LINE_BYTES) {
            return;
        }
        for (PaneInfo pane : panes) {
            if (CanonicalLines.readsLines(pane.tty()).orElse(false)) {
                throw TerminalErrors.lineTooLong("pane " + pane.id(), longest).withDetail("pane", pane.position());
            }
        }
    }

    private Delivered deliver(CallContext ctx, ServerConnection conn, String session, PaneInfo pane,
                                 String message, boolean enter, Mode mode, Duration verify) {
        long t0 = System.nanoTime();
        Deadline deadline = ctx.deadline();
        PaneStream stream = conn.stream(pane.id());
        Target target = Target.paneId(pane.id());
        boolean paste = mode == Mode.PASTE || (mode == Mode.AUTO && needsPaste(message));
        long mark = stream.position();
        int chunks = 0;
        if (!message.isEmpty()) {
            if (paste) {
                String buffer = "uictl-" + ProcessHandle.current().pid() + "-" + BUFFERS.incrementAndGet();
                conn.run(session, TmuxCommand.of("set-buffer").option("-b", buffer).endOfOptions().arg(message),
                        TmuxService.roundTrip(deadline));
                try {
                    conn.run(session, TmuxCommand.of("paste-buffer").flag("-p").flag("-d").option("-b", buffer)
                            .target(target), TmuxService.roundTrip(deadline));
                } catch (TmuxException e) {
                    conn.run(session, TmuxCommand.of("delete-buffer").option("-b", buffer), TmuxService.roundTrip(deadline));
                    throw e;
                }
                chunks = 1;
            } else {
                for (String chunk : TmuxCommand.chunks(message, CHUNK_BYTES)) {
                    conn.run(session, TmuxCommand.of("send-keys").flag("-l").target(target).endOfOptions().arg(chunk),
                            TmuxService.roundTrip(deadline));
                    chunks++;
                }
            }
        }
        Deadline verifyBy = deadline.min(Deadline.after(verify));
        // the text has arrived when the pane echoed something and then went quiet for a moment
        conn.events().await(() -> stream.bytesSince(mark) > 0 && stream.quietNanos(System.nanoTime()) >= ECHO_SETTLE_NANOS,
                RECHECK_NANOS, verifyBy, ctx.cancellation());
        long outputAfterText = stream.bytesSince(mark);
        boolean echoSeen = !message.isEmpty() && ScreenMatch.showsEndOf(capture(conn, session, target, deadline), message);
        boolean reacted = false;
        // the response counts from Enter: before it, the pane only echoed the text (which may hold the awaited words)
        long reactionFrom = stream.position();
        if (enter) {
            long beforeEnter = reactionFrom;
            conn.run(session, TmuxCommand.of("send-keys").target(target).arg("Enter"), TmuxService.roundTrip(deadline));
            reacted = conn.events().await(() -> stream.bytesSince(beforeEnter) > 0, RECHECK_NANOS,
                    deadline.min(Deadline.after(verify)), ctx.cancellation());
        }
        boolean textOk = message.isEmpty() || echoSeen || (paste && outputAfterText > 0);
        // a terminal in line mode echoes by itself: the program may not have read anything (stopped, busy)
        Integer unread = unreadAfter(pane.tty(), deadline.min(Deadline.after(verify)), ctx.cancellation());
        boolean ok = textOk && (!enter || reacted) && (unread == null || unread == 0);
        return new Delivered(new PaneDelivery(pane.position(), pane.id(), paste ? "paste" : "keys", chunks,
                message.getBytes(StandardCharsets.UTF_8).length, echoSeen, outputAfterText, enter, reacted, unread,
                ok ? verified() : unverified(), (System.nanoTime() - t0) / 1_000_000),
                new OutputMarks.Mark(stream.watch(), reactionFrom));
    }

    /**
     * The input still waiting in the pane's terminal once its program had until {@code by} to read it (0 as soon as
     * it has: a running program reads within milliseconds); null when the terminal cannot be looked at.
     */
    private static Integer unreadAfter(String tty, Deadline by, Cancellation cancellation) {
        while (true) {
            OptionalInt unread = tty.isEmpty() ? OptionalInt.empty() : TerminalQueue.unreadIfVisible(tty);
            if (unread.isEmpty()) {
                return null;
            }
            if (unread.getAsInt() == 0 || by.expired() || cancellation.sleep(UNREAD_RECHECK_MS)) {
                return unread.getAsInt();
            }
        }
    }

    /** Multi-line text, and text an agent's composer would turn into a completion picker that eats Enter. */
    static boolean needsPaste(String message) {
        return message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0 || message.startsWith("/")
                || message.indexOf('@') >= 0;
    }

    static String capture(ServerConnection conn, String session, Target target, Deadline deadline) {
        return String.join("\n", conn.run(session, TmuxCommand.of("capture-pane").flag("-p").flag("-J").target(target),
                TmuxService.roundTrip(deadline)));
    }

    /** Ctrl-C to each target pane, then waits until each is quiet for {@code quiet} or exited. */
    public InterruptResult interrupt(CallContext ctx, ServerChoice choice, String session, PaneTargets targets,
                                     Duration quiet) {
        ServerConnection conn = tmux.connection(ctx, choice);
        List<PaneInfo> panes = targets.resolve(session, tmux.sessionPanes(conn, session, ctx.deadline()));
        long quietNanos = quiet.toNanos();
        long now = System.nanoTime();
        List<PaneState> before = panes.stream().map(p -> PaneJudge.judge(p, conn.stream(p.id()), quietNanos, now))
                .toList();
        long sent = System.nanoTime();
        try {
            for (PaneInfo p : panes) {
                conn.run(session, TmuxCommand.of("send-keys").target(Target.paneId(p.id())).arg("C-c"),
                        TmuxService.roundTrip(ctx.deadline()));
            }
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.DELIVERY_UNCERTAIN);
        }
        // quiet counts from the Ctrl-C, so a pane is only called stopped once it stayed silent after it
        conn.events().await(() -> panes.stream().allMatch(p -> !PaneJudge.alive(p)
                        || System.nanoTime() - Math.max(sent, conn.stream(p.id()).lastOutputNanos()) >= quietNanos),
                RECHECK_NANOS * 5, ctx.deadline(), ctx.cancellation());
        List<PaneInfo> after;
        try {
            after = refreshed(conn, session, panes, ctx.deadline());
        } catch (TmuxException e) {
            throw TmuxErrors.map(e, conn.server(), session, Delivery.DELIVERED_UNVERIFIED); // tmux took the Ctrl-C
        }
        long end = System.nanoTime();
        List<InterruptResult.PaneInterrupt> out = new ArrayList<>();
        for (int i = 0; i < panes.size(); i++) {
            PaneInfo p = after.get(i);
            // the one judge of idle, as activity, health and wait have it: their answers a moment later agree
            String state = PaneJudge.judge(p, conn.stream(p.id()), quietNanos, end).state();
            out.add(new InterruptResult.PaneInterrupt(p.position(), p.id(), before.get(i).state(), state,
                    !state.equals("working")));
        }
        return new InterruptResult(session, out);
    }

    /**
     * The same panes as tmux describes them now; when their session or server ended, all of them ended with it.
     * tmux's silence or refusal is thrown: it says nothing about the panes, so they are not called exited.
     */
    static List<PaneInfo> refreshed(ServerConnection conn, String session, List<PaneInfo> panes, Deadline deadline) {
        try {
            return matched(panes, conn.panes(session, afterTheEnd(deadline)));
        } catch (TmuxException.SessionNotFound | TmuxException.NoServer | TmuxException.ServerGone gone) {
            return matched(panes, List.of());
        }
    }

    /** Time for the last look at the panes: also after the call's deadline passed, the states are the answer. */
    static Duration afterTheEnd(Deadline deadline) {
        return deadline.expired() ? Duration.ofSeconds(1) : TmuxService.roundTrip(deadline);
    }

    /** {@code panes} as tmux lists them in {@code now}; a pane missing from it is dead (and has no terminal). */
    static List<PaneInfo> matched(List<PaneInfo> panes, List<PaneInfo> now) {
        List<PaneInfo> out = new ArrayList<>();
        for (PaneInfo p : panes) {
            out.add(now.stream().filter(n -> n.id().equals(p.id())).findFirst().orElse(
                    new PaneInfo(p.session(), p.window(), p.index(), p.id(), p.pid(), p.command(), p.width(),
                            p.height(), p.active(), p.windowActive(), true, -1, false, 0, 0, "", p.title())));
        }
        return out;
    }

    private static String verified() {
        return Delivery.DELIVERED_VERIFIED.wireName();
    }

    private static String unverified() {
        return Delivery.DELIVERED_UNVERIFIED.wireName();
    }
}
