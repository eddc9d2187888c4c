package dev.uictl.engine.terminal;

import dev.uictl.core.buffer.ByteRing;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.pattern.UserPattern;
import dev.uictl.pty.process.CanonicalLines;
import dev.uictl.pty.process.ExitStatus;
import dev.uictl.pty.process.PtyCommand;
import dev.uictl.pty.process.PtyException;
import dev.uictl.pty.process.PtyListener;
import dev.uictl.pty.process.PtyProcess;
import dev.uictl.pty.process.Signal;
import dev.uictl.pty.process.TerminalGoneException;
import dev.uictl.pty.process.TerminalIoException;
import dev.uictl.pty.process.TerminationReport;
import dev.uictl.vt.KeyModes;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import dev.uictl.vt.TerminalEvent;
import dev.uictl.vt.keys.KeyEncoder;
import dev.uictl.vt.keys.KeySyntaxException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One program on a pseudo-terminal, fed into an emulator. The pty reader thread feeds output in under the lock and
 * signals {@link #changed}; actions and waits sleep on that condition, so every wait is woken by output or exit.
 */
public final class TerminalSession {
    /** Every byte the program wrote, raw: the newest 8 MiB, in an array that grows as output arrives. */
    public static final int TRANSCRIPT_LIMIT = 8 * 1024 * 1024;
    private static final Duration INPUT_TIMEOUT = Duration.ofSeconds(5);
    private static final byte[] LONE_ESCAPE = {0x1b};
    /** Longer than the longest common escape timeout (ncurses' default ESCDELAY and mc: 1000 ms). */
    private static final Duration ESCAPE_MAX = Duration.ofMillis(1500);
    private static final Duration ESCAPE_RECHECK = Duration.ofMillis(2);
    private static final Duration STARTUP_RECHECK = Duration.ofMillis(5);
    private static final Duration RECHECK_MAX = Duration.ofMillis(20);
    private static final String OUTPUT_CONTINUING = "output_continuing";

    private final String id;
    private final String name;
    private final List<String> argv;
    /** Spawned through a launcher: the program is a descendant of the spawned process ({@link #pid()}). */
    /** The enforcement around the program (bwrap, landlock…) when it runs under a policy; null when unconfined. */
    private final List<String> sandbox;
    private volatile int programPid;
    private final String cwd;
    private final Instant openedAt = Instant.now();
    private final long openedNanos = System.nanoTime();
    /** When the program was started (after pty set-up and, on first use, loading the native bindings). */
    private final long spawnedNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** One action at a time per session, so each one's settle measures its own effect. */
    private final ReentrantLock actions = new ReentrantLock(true);
    private final Terminal terminal;
    private final ByteRing transcript = new ByteRing(TRANSCRIPT_LIMIT);
    private final EventLog events = new EventLog(openedNanos);
    private final ShownScreens shown = new ShownScreens();
    private final ExecutorService replies = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("term-replies").factory());
    private final PtyProcess process;
    private final ForegroundGroup foreground;
    private long outputSeq;
    private long lastOutputNanos = openedNanos;
    private ExitStatus exit;
    private boolean outputEnded;
    private boolean budgetReported;
    private int rows;
    private int cols;

    private TerminalSession(String id, String name, PtyCommand command, List<String> shownArgv, Path shownCwd,
                            List<String> sandbox) throws PtyException {
        this.id = id;
        this.sandbox = sandbox;
        this.name = name;
        this.argv = shownArgv;
        this.cwd = shownCwd.toString();
        this.rows = command.rows();
        this.cols = command.cols();
        this.terminal = new Terminal(command.rows(), command.cols());
        terminal.onEvent(this::recordEvent);
        terminal.onReply(bytes -> replies.execute(() -> writeReply(bytes)));
        lock.lock(); // output may arrive before spawn returns; the listener waits until the session is complete
        try {
            this.process = PtyProcess.spawn(command, new Listener());
            this.spawnedNanos = System.nanoTime();
        } finally {
            lock.unlock();
        }
        this.foreground = new ForegroundGroup(process.pid());
    }

    static TerminalSession start(String id, String name, PtyCommand command) throws PtyException {
        return new TerminalSession(id, name, command, command.argv(), command.cwd(), null);
    }

    /** A session whose spawned command (a sandbox launcher) differs from the program and directory it reports. */
    static TerminalSession start(String id, String name, PtyCommand command, List<String> programArgv, Path programCwd,
                                 List<String> enforcement) throws PtyException {
        return new TerminalSession(id, name, command, List.copyOf(programArgv), programCwd, List.copyOf(enforcement));
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    /**
     * The program's pid. Behind a launcher (bwrap and the sandbox exec helper) that is not the spawned process: the
     * helper makes the program the leader of the terminal's foreground process group before it execs it, so the first
     * foreground group other than the launcher's own names the program (kept once seen; the launcher's pid until then).
     */
    public int pid() {
        if (sandbox == null || programPid > 0) {
            return sandbox != null ? programPid : process.pid();
        }
        int foreground = ForegroundProbe.foregroundGroup(process.pid());
        if (foreground > 0 && foreground != process.pid()) {
            programPid = foreground;
            return foreground;
        }
        return process.pid();
    }

    /**
     * Waits until the program is ready ({@link Readiness}), then for its screen to settle, and returns it. A
     * readiness text or pattern that does not show in time is a TIMEOUT (the session stays open); a program that
     * neither draws nor visibly waits in time is returned with {@code ready:false}.
     */
    OpenResult opened(SettlePolicy policy, Readiness readiness, Cancellation cancellation)
            throws InterruptedException {
        lock.lock();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            long deadline = spawnedNanos + readiness.timeout().toNanos();
            String readyOn;
            if (readiness.condition() != null) {
                try {
                    awaitCondition(readiness.condition(), Duration.ofNanos(Math.max(0, deadline - System.nanoTime())),
                            null, null, cancellation);
                } catch (UictlException e) {
                    throw e.withDetail("session_id", id).withHint("The session is open: look at it with `uictl term "
                            + "screen " + id + "`, wait longer with `uictl term wait " + id + " …`, or end it with "
                            + "`uictl term close " + id + "`.");
                }
                readyOn = readiness.condition() instanceof WaitCondition.Text ? "text" : "regex";
            } else {
                readyOn = awaitStartup(deadline, cancellation);
            }
            // Nothing drawn and asleep on a timer: there is no screen to settle, and no telling when it will draw.
            String unsettled = "sleeping".equals(readyOn) ? ForegroundActivity.WAITING_ELSEWHERE.unsettledReason()
                    : settle(0, System.nanoTime(), policy.withMax(Duration.ofNanos(Math.min(policy.max().toNanos(),
                            Math.max(0, deadline - System.nanoTime())))), cancellation);
            return new OpenResult(id, name, pid(), process.terminalName(), argv, sandbox, readyOn != null,
                    readyOn == null ? "timeout" : readyOn, unsettled == null, unsettled, millisSince(spawnedNanos),
                    view(false, 0), exitInfo());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Until the first output ("output"), the exit ("exit"), or the program waiting without having drawn anything
     * ({@link StartupProbe}: "reading_input", "sleeping"); null at the deadline. Called with the lock held; output
     * wakes it, and /proc is looked at every few ms (no event says "a process blocked").
     */
    private String awaitStartup(long deadline, Cancellation cancellation) throws InterruptedException {
        while (true) {
            if (outputSeq > 0) {
                return "output";
            }
            if (exit != null) {
                return "exit";
            }
            Optional<String> waiting = StartupProbe.waitingWithoutOutput(process.pid());
            if (waiting.isPresent()) {
                return waiting.get();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            cancellation.throwIfCancelled();
            changed.awaitNanos(Math.min(left, STARTUP_RECHECK.toNanos()));
        }
    }

    /** The screen; with {@code cells}, every cell (the per-cell form). */
    public ScreenView screen(boolean cells, int scrollback) {
        return screen(cells ? CellForm.FULL : CellForm.NONE, scrollback);
    }

    /** The screen with its cells in {@code form}. */
    public ScreenView screen(CellForm form, int scrollback) {
        lock.lock();
        try {
            return view(form, scrollback);
        } finally {
            lock.unlock();
        }
    }

    public KeyModes keyModes() {
        lock.lock();
        try {
            return terminal.keyModes();
        } finally {
            lock.unlock();
        }
    }

    /** Types text as UTF-8. */
    public ActionResult type(String text, SettlePolicy policy) {
        return type(text, policy, null, Cancellation.NEVER);
    }

    /**
     * Types text as UTF-8, then (with {@code then}) waits for what it should bring, in output newer than the input;
     * the settle and follow-up waits end when {@code cancellation} fires (the caller went away).
     */
    public ActionResult type(String text, SettlePolicy policy, AfterInput then, Cancellation cancellation) {
        return send("type", List.of(text), List.of(text.getBytes(StandardCharsets.UTF_8)), policy, then, cancellation);
    }

    /** Pastes text, bracketed when the program enabled bracketed paste. */
    public ActionResult paste(String text, SettlePolicy policy) {
        return paste(text, policy, null, Cancellation.NEVER);
    }

    /** {@link #paste(String, SettlePolicy)}, then as {@link #type(String, SettlePolicy, AfterInput, Cancellation)}. */
    public ActionResult paste(String text, SettlePolicy policy, AfterInput then, Cancellation cancellation) {
        return send("paste", List.of(text), List.of(KeyEncoder.paste(text, keyModes())), policy, then, cancellation);
    }

    /**
     * Presses keys (tmux names); every name is checked before anything is sent. A lone Escape followed by more keys
     * ends a burst: it is sent alone and the next burst waits until the program has taken it ({@link
     * #awaitEscapeTaken}), or urwid, mc and the like would read ESC and the next key as Alt+key. An explicit
     * {@code M-x} stays one burst.
     */
    public ActionResult keys(List<String> keys, SettlePolicy policy) {
        return keys(keys, policy, null, Cancellation.NEVER);
    }

    /** {@link #keys(List, SettlePolicy)}, then as {@link #type(String, SettlePolicy, AfterInput, Cancellation)}. */
    public ActionResult keys(List<String> keys, SettlePolicy policy, AfterInput then, Cancellation cancellation) {
        KeyModes modes = keyModes();
        List<byte[]> bursts = new ArrayList<>();
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (int i = 0; i < keys.size(); i++) {
            byte[] encoded;
            try {
                encoded = KeyEncoder.encode(keys.get(i), modes);
            } catch (KeySyntaxException e) {
                throw TerminalErrors.badKey(e).withDetail("key", keys.get(i)).withDetail("session_id", id);
            }
            burst.writeBytes(encoded);
            if (Arrays.equals(encoded, LONE_ESCAPE) && i < keys.size() - 1) {
                bursts.add(burst.toByteArray());
                burst.reset();
            }
        }
        bursts.add(burst.toByteArray());
        return send("keys", keys, bursts, policy, then, cancellation);
    }

    /** Resizes the terminal (the program gets SIGWINCH), then waits for its redraw to settle. */
    public ActionResult resize(int newRows, int newCols, SettlePolicy policy) {
        return resize(newRows, newCols, policy, Cancellation.NEVER);
    }

    /** {@link #resize(int, int, SettlePolicy)}; the settle ends when {@code cancellation} fires. */
    public ActionResult resize(int newRows, int newCols, SettlePolicy policy, Cancellation cancellation) {
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            return resizeAndSettle(newRows, newCols, policy, cancellation);
        } catch (PtyException e) {
            throw TerminalErrors.io(e, id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    private ActionResult send(String action, List<String> sent, List<byte[]> bursts, SettlePolicy policy,
                              AfterInput then, Cancellation cancellation) {
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            return sendAndSettle(action, sent, bursts, policy, then, cancellation);
        } catch (PtyException e) {
            UictlException u = TerminalErrors.io(e, id);
            ExitInfo ended = exitInfoOrNull();
            throw ended == null ? u : u.withDetail("exit", ended);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    /**
     * A program reading line by line (canonical mode) gets at most {@link CanonicalLines#MAX_LINE_BYTES} of one
     * line; Linux drops the rest without a word to the writer. Such input is refused before any of it is sent,
     * instead of reported typed and then lost.
     */
    private void refuseOverlongLine(List<byte[]> bursts) throws PtyException {
        if (!process.lineMode()) {
            return;
        }
        // an unfinished line already waiting counts towards the first
        int longest = CanonicalLines.longestLine(waitingInput(), bursts.toArray(byte[][]::new));
        if (longest > CanonicalLines.MAX_LINE_BYTES) {
            throw TerminalErrors.lineTooLong("session " + id, longest);
        }
    }

    /**
     * What the program has not read yet, or 0 when that cannot be seen: a program that took its terminal for itself
     * (TIOCEXCL) keeps others from opening it, and the input is still written through the master.
     */
    private int waitingInput() throws PtyException {
        try {
            return process.unreadInput();
        } catch (TerminalIoException cannotLook) {
            return 0;
        }
    }

    /** Sends input bytes (each burst but the last is a lone Escape), then waits for the screen to settle. */
    private ActionResult sendAndSettle(String action, List<String> sent, List<byte[]> bursts, SettlePolicy policy,
                                       AfterInput then, Cancellation cancellation)
            throws PtyException, InterruptedException {
        actions.lockInterruptibly();
        try {
            refuseOverlongLine(bursts);
            long seq;
            long eventSeq;
            ScreenView screenBefore;
            lock.lock();
            try {
                seq = outputSeq;
                eventSeq = events.lastSeq();
                screenBefore = unshown();
            } finally {
                lock.unlock();
            }
            long start = System.nanoTime();
            int total = 0;
            for (int i = 0; i < bursts.size(); i++) {
                boolean escape = i < bursts.size() - 1;
                Optional<InputWait> before = escape ? InputWait.foregroundOf(process.pid()) : Optional.empty();
                try {
                    if (total > 0 && ended()) {
                        // Linux would swallow the bytes: nobody holds the terminal any more
                        throw new TerminalGoneException("the program ended after taking the Escape");
                    }
                    process.write(bursts.get(i), INPUT_TIMEOUT);
                } catch (PtyException e) {
                    if (total == 0) {
                        throw e;
                    }
                    // The program took the Escape and then ended or stopped reading: part of the keys arrived.
                    UictlException u = TerminalErrors.partlyDelivered(e, id, total);
                    ExitInfo ended = exitInfoOrNull();
                    throw ended == null ? u : u.withDetail("exit", ended);
                }
                total += bursts.get(i).length;
                if (escape && !process.lineMode()) { // a line reader only sees the Escape with the line
                    awaitEscapeTaken(before, cancellation);
                }
            }
            ActionResult result = settled(action, sent, total, seq, eventSeq, start, policy, screenBefore, true,
                    cancellation);
            return then == null ? result : waitedAfter(result, then, screenBefore, start, policy, cancellation);
        } finally {
            actions.unlock();
        }
    }

    /**
     * The follow-up wait of an input action: only output newer than the screen before the input counts, so text
     * the input was meant to bring is not matched where it already stood (or where the typed command echoes it,
     * when it is awaited after Enter). A TIMEOUT says the input was delivered.
     */
    private ActionResult waitedAfter(ActionResult result, AfterInput then, ScreenView before, long start,
                                     SettlePolicy policy, Cancellation cancellation) throws InterruptedException {
        WaitResult waited;
        try {
            waited = awaitCondition(then.condition(), then.timeout(), before.lines(), policy, cancellation);
        } catch (UictlException e) {
            throw e.withDetail("input_delivered", true).withDetail("bytes", result.bytes())
                    .withDelivery(dev.uictl.core.error.Delivery.DELIVERED_UNVERIFIED);
        }
        return result.afterWait(then.condition().describe(), millisSince(start), waited);
    }

    /**
     * Waits until the foreground program has read a lone Escape and finished deciding whether more bytes belong to
     * it (its escape timeout: urwid 125 ms, vim's ttimeoutlen, ncurses' ESCDELAY and mc 1 s), observed through
     * /proc ({@link InputWait}), never longer than {@link #ESCAPE_MAX}. Re-checked on output and every few ms:
     * the kernel offers no event for "a process blocked".
     */
    private void awaitEscapeTaken(Optional<InputWait> before, Cancellation cancellation) throws InterruptedException {
        if (before.isEmpty()) {
            return;
        }
        long deadline = System.nanoTime() + ESCAPE_MAX.toNanos();
        lock.lock();
        try {
            while (!(exit != null && outputEnded)) {
                // A vanished foreground process is the program ending: wait for its exit, not its input wait.
                Optional<InputWait> now = InputWait.foregroundOf(process.pid());
                if (now.isPresent() && (now.get().pid() != before.get().pid()
                        || now.get().doneWithInputSince(before.get()) && escapeRead())) {
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                cancellation.throwIfCancelled();
                changed.awaitNanos(Math.min(left, ESCAPE_RECHECK.toNanos()));
            }
        } finally {
            lock.unlock();
        }
    }

    /** The Escape left the input queue: a block counted before the program read it is no sign it took it. */
    private boolean escapeRead() {
        try {
            return process.unreadInput() == 0;
        } catch (PtyException e) {
            return true; // cannot look (another owner locked the terminal): the /proc signs alone decide
        }
    }

    private ActionResult resizeAndSettle(int newRows, int newCols, SettlePolicy policy, Cancellation cancellation)
            throws PtyException, InterruptedException {
        actions.lockInterruptibly();
        try {
            long seq;
            long eventSeq;
            ScreenView before;
            long start = System.nanoTime();
            process.ensureHeld(); // a size nobody will read is not a resize: the model stays as the program left it
            lock.lock();
            try {
                seq = outputSeq;
                eventSeq = events.lastSeq();
                before = unshown();
                // Resize the model first, so a redraw racing in is laid out at the new size.
                terminal.resize(newRows, newCols);
                rows = newRows;
                cols = newCols;
                events.add("resize", newRows + "x" + newCols);
            } finally {
                lock.unlock();
            }
            process.resize(newRows, newCols);
            return settled("resize", List.of(newRows + "x" + newCols), 0, seq, eventSeq, start, policy, before, false,
                    cancellation);
        } finally {
            actions.unlock();
        }
    }

    /**
     * Waits until the condition holds; every output chunk and the exit re-check it.
     *
     * @throws dev.uictl.core.error.UictlException TIMEOUT when the deadline passes, PROCESS_EXIT when the program
     *         ended without satisfying it
     */
    public WaitResult await(WaitCondition condition, Duration timeout) {
        return await(condition, timeout, null, Cancellation.NEVER);
    }

    /** As {@link #await(WaitCondition, Duration)}, ending early when the call is cancelled. */
    public WaitResult await(WaitCondition condition, Duration timeout, Cancellation cancellation) {
        return await(condition, timeout, null, cancellation);
    }

    /**
     * {@link #await(WaitCondition, Duration, Cancellation)}; with {@code sinceSnapshotId} (a {@code snapshot_id} this
     * session returned, among its last {@value ShownScreens#KEPT}) a text or pattern only counts in rows that are new
     * since.
     */
    public WaitResult await(WaitCondition condition, Duration timeout, String sinceSnapshotId,
                            Cancellation cancellation) {
        ScreenView base = sinceSnapshotId == null ? currentUnshown() : shownView(sinceSnapshotId);
        List<String> baseline = sinceSnapshotId == null ? null : base.lines();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            return awaitCondition(condition, timeout, baseline, SettlePolicy.ACTION, cancellation).from(base);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    /** A screen this session handed out (or the current one) by its snapshot id. */
    private ScreenView shownView(String snapshotId) {
        lock.lock();
        try {
            String current = id + "." + terminal.changeCount();
            if (snapshotId.equals(current)) {
                return ScreenViews.of(current, terminal.snapshot(false, 0));
            }
            return shown.view(snapshotId).orElseThrow(() -> TerminalErrors.unknownSnapshot(id, snapshotId, current));
        } finally {
            lock.unlock();
        }
    }

    /** The screen now, as a base to compare with; not handed out, so not remembered for --since. */
    private ScreenView currentUnshown() {
        lock.lock();
        try {
            return unshown();
        } finally {
            lock.unlock();
        }
    }

    /** {@link #currentUnshown()} with the lock held. */
    private ScreenView unshown() {
        return ScreenViews.of(id + "." + terminal.changeCount(), terminal.snapshot(false, 0));
    }

    /**
     * With {@code baseline} (rows shown earlier), texts and patterns are looked for in new rows only. A met condition
     * is answered with the screen once it settled after the match ({@code settle}, within the timeout; none when
     * null): the first screen to show a text may be half drawn. Idle is quiet output while the program waits for
     * input with nothing left unread: quiet alone may be a program still at work on the input.
     */
    private WaitResult awaitCondition(WaitCondition condition, Duration timeout, List<String> baseline,
                                      SettlePolicy settle, Cancellation cancellation)
            throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        String notIdle = null;
        lock.lock();
        try {
            while (true) {
                long now = System.nanoTime();
                ScreenSnapshot snap = terminal.snapshot(false, 0);
                long wakeAt = deadline;
                boolean satisfied = switch (condition) {
                    case WaitCondition.Text t -> lookedAt(snap, baseline).contains(t.text());
                    case WaitCondition.Gone g -> !ScreenText.of(snap).contains(g.text());
                    case WaitCondition.Regex r -> {
                        try {
                            yield lookedAt(snap, baseline).find(r.pattern(), cancellation, new Deadline(deadline));
                        } catch (UserPattern.Stopped stopped) {
                            throw TerminalErrors.waitTimedOut(id, condition, timeout, view(false, 0), exitInfo());
                        }
                    }
                    case WaitCondition.CursorAt c -> snap.cursor().row() == c.row() && snap.cursor().col() == c.col();
                    case WaitCondition.Exited e -> exit != null;
                    case WaitCondition.Idle i -> {
                        long quietSince = Math.max(lastOutputNanos, start);
                        if (now - quietSince < i.quiet().toNanos()) {
                            wakeAt = Math.min(deadline, quietSince + i.quiet().toNanos());
                            yield false;
                        }
                        notIdle = exit != null ? null : unsettledReason();
                        wakeAt = Math.min(deadline, recheckAt(now, quietSince, i.quiet()));
                        yield notIdle == null;
                    }
                };
                if (satisfied) {
                    String unsettled = settle == null || condition instanceof WaitCondition.Idle ? null
                            : settle(outputSeq, now, settle.afterMatch(Duration.ofNanos(Math.max(0, deadline - now))),
                                    cancellation);
                    return new WaitResult(id, condition.describe(), millisSince(start), unsettled, view(false, 0),
                            exitInfo());
                }
                if (exit != null && outputEnded && !(condition instanceof WaitCondition.Idle)) {
                    throw TerminalErrors.exitedWhileWaiting(id, condition, millisSince(start), view(false, 0), exitInfo());
                }
                if (now >= deadline) {
                    UictlException timedOut = TerminalErrors.waitTimedOut(id, condition, timeout, view(false, 0),
                            exitInfo());
                    throw notIdle == null ? timedOut : timedOut.withDetail("reason", notIdle);
                }
                cancellation.throwIfCancelled();
                changed.awaitNanos(wakeAt - now);
            }
        } finally {
            lock.unlock();
        }
    }

    private static ScreenText lookedAt(ScreenSnapshot snap, List<String> baseline) {
        return baseline == null ? ScreenText.of(snap) : ScreenText.newRows(snap, baseline);
    }

    public byte[] transcript() {
        lock.lock();
        try {
            return transcript.bytes();
        } finally {
            lock.unlock();
        }
    }

    /** Output the program wrote after byte {@code offset} (of all it ever wrote) as far as still kept, and the new end. */
    public record Output(long end, byte[] bytes, long lost) {
    }

    /** See {@link Output}; a scripted run reads its transcript step by step with this. */
    public Output outputSince(long offset) {
        lock.lock();
        try {
            long total = transcript.total();
            byte[] out = transcript.since(offset);
            return new Output(total, out, Math.max(0, total - out.length - offset));
        } finally {
            lock.unlock();
        }
    }

    /** The last {@code bytes} the program wrote, as far as still kept (nothing counts as lost). */
    public Output outputTail(long bytes) {
        lock.lock();
        try {
            long total = transcript.total();
            return new Output(total, transcript.since(Math.max(0, total - bytes)), 0);
        } finally {
            lock.unlock();
        }
    }

    /** The events after {@code afterSeq} (0: all kept), e.g. title changes, bells and the exit. */
    public List<SessionEvent> eventsSince(long afterSeq) {
        lock.lock();
        try {
            return events.since(afterSeq);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the screen differs from the one {@code snapshotId} named (new output changed it), the program
     * has ended, {@code max} passes or the call is cancelled; returns the current screen. A scenario's retry
     * re-observes with this instead of sleeping.
     */
    public ScreenView awaitChange(String snapshotId, Duration max, Cancellation cancellation) {
        long deadline = System.nanoTime() + max.toNanos();
        lock.lock();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            while (snapshotId.equals(id + "." + terminal.changeCount()) && !(exit != null && outputEnded)) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || cancellation.isCancelled()) {
                    break;
                }
                changed.awaitNanos(left);
            }
            return view(false, 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        } finally {
            lock.unlock();
        }
    }

    /** When the program's exit is known: its status, else null. */
    public ExitInfo exitIfEnded() {
        return exitInfoOrNull();
    }

    public long transcriptDropped() {
        lock.lock();
        try {
            return transcript.dropped();
        } finally {
            lock.unlock();
        }
    }

    public SessionInfo info() {
        lock.lock();
        try {
            return new SessionInfo(id, name, pid(), process.terminalName(), argv, sandbox, cwd, rows, cols, exit == null,
                    exitInfo(), openedAt.toString(), transcript.total(), terminal.snapshot(false, 0).title());
        } finally {
            lock.unlock();
        }
    }

    /** Ends the program's whole process tree; the session is unusable afterwards. */
    CloseResult terminate(Signal signal, Duration grace) throws PtyException {
        // Always: daemons that closed the terminal and left the tree may outlive an ended program.
        TerminationReport report = process.terminate(signal, grace);
        process.close();
        replies.shutdownNow();
        ExitStatus status = process.exitStatus().orElseThrow();
        return new CloseResult(id, pid(), signal.name(), ExitInfo.of(status), report.signalled(), report.killed());
    }

    /** Bytes as a person typed them (attach): no settle, no echo of what was sent. */
    void input(byte[] bytes) {
        try {
            process.write(bytes, INPUT_TIMEOUT);
        } catch (PtyException e) {
            throw TerminalErrors.io(e, id);
        }
    }

    /**
     * Waits until output arrives after {@code seenSeq}, {@code stop} turns true, the program is gone or
     * {@code max} passes; returns the current output counter.
     */
    long awaitOutput(long seenSeq, Duration max, java.util.function.BooleanSupplier stop) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        lock.lock();
        try {
            while (outputSeq == seenSeq && !stop.getAsBoolean() && !(exit != null && outputEnded)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                changed.awaitNanos(left);
            }
            return outputSeq;
        } finally {
            lock.unlock();
        }
    }

    /** Wakes everything waiting on this session so it re-checks its own stop conditions. */
    void wakeWaiters() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    boolean ended() {
        lock.lock();
        try {
            return exit != null && outputEnded;
        } finally {
            lock.unlock();
        }
    }

    /** The emulator's snapshot with cells, for rendering to a person's terminal. */
    ScreenSnapshot cellSnapshot() {
        lock.lock();
        try {
            return terminal.snapshot(true, 0);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The result once output settled; {@code before} (the screen before the input, under the id it had) is the base
     * of --diff and --terse, and with {@code isInput} also tells whether the input changed the screen.
     */
    private ActionResult settled(String action, List<String> sent, int bytes, long seq, long eventSeq, long start,
                                 SettlePolicy policy, ScreenView before, boolean isInput,
                                 Cancellation cancellation) throws InterruptedException {
        lock.lock();
        try {
            String unsettled = settle(seq, start, policy, cancellation);
            ScreenView screen = view(CellForm.NONE, 0);
            InputEffect effect = isInput ? inputEffect(before, bytes) : null;
            return new ActionResult(id, action, sent, bytes, unsettled == null, unsettled, millisSince(start), screen,
                    events.since(eventSeq), exitInfo(), effect, null, null, before);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether the input changed the screen (its text, its styles or the cursor: a menu may only move a highlight)
     * and, when not, why as far as the kernel shows it: the bytes still wait in the terminal's input queue (nobody
     * reads them), the program has drawn nothing yet (still starting: a terminal set-up may discard early input), it
     * is busy, or it read the input and showed nothing (no echo). A
     * screen changed only by the terminal's own echo of a line the program has not read (it is stopped, or busy with
     * something else) says so too.
     */
    private InputEffect inputEffect(ScreenView before, int bytes) {
        boolean changed = unshown().looksDifferent(before);
        if (bytes == 0) {
            return InputEffect.CHANGED;
        }
        int unread;
        try {
            unread = process.unreadInput();
        } catch (PtyException e) {
            unread = -1;
        }
        if (changed) {
            // a complete line the terminal echoed itself counts as unread until the program reads it
            return unread > 0 ? InputEffect.echoedNotRead(unread) : InputEffect.CHANGED;
        }
        if (exit != null) {
            return InputEffect.unchanged("program_ended", unread);
        }
        if (unread > 0) {
            return InputEffect.unchanged("input_not_read", unread);
        }
        if (outputSeq == 0) {
            return InputEffect.unchanged("program_starting", unread);
        }
        if (foreground.activity() == ForegroundActivity.RUNNING) {
            return InputEffect.unchanged("program_busy", unread);
        }
        return InputEffect.unchanged("no_visible_effect", unread);
    }

    /**
     * See {@link SettlePolicy}. Called with the lock held; null when settled, else why not when {@code max} ran out:
     * output_continuing, or the {@link ForegroundActivity} that kept quiet output from counting (program_busy,
     * program_waiting).
     * @throws Cancellation.CancelledException when the caller went away: nobody waits for the screen any more
     */
    private String settle(long seqBefore, long start, SettlePolicy p, Cancellation cancellation)
            throws InterruptedException {
        long maxAt = start + p.max().toNanos();
        String unsettled = OUTPUT_CONTINUING;
        while (true) {
            long now = System.nanoTime();
            if (exit != null && outputEnded) {
                return null;
            }
            boolean sawOutput = outputSeq != seqBefore;
            long quietSince = sawOutput ? lastOutputNanos : start;
            long quiet = now - quietSince;
            long nextCheck;
            if (!sawOutput && now - start < p.firstOutput().toNanos()) {
                nextCheck = start + p.firstOutput().toNanos();
                unsettled = OUTPUT_CONTINUING;
            } else if (quiet >= p.quiet().toNanos()) {
                unsettled = unsettledReason();
                if (unsettled == null) {
                    // The program may have written just before it went to sleep; collect that before deciding.
                    long seen = outputSeq;
                    lock.unlock();
                    try {
                        process.flushOutput();
                    } finally {
                        lock.lock();
                    }
                    if (outputSeq == seen) {
                        return null;
                    }
                    continue;
                }
                nextCheck = recheckAt(now, quietSince, p.quiet()); // quiet but not waiting for input: look again
            } else {
                nextCheck = quietSince + p.quiet().toNanos();
                unsettled = OUTPUT_CONTINUING;
            }
            if (now >= maxAt) {
                return unsettled;
            }
            cancellation.throwIfCancelled();
            changed.awaitNanos(Math.min(nextCheck, maxAt) - now);
        }
    }

    /**
     * Why the program is not waiting for input (null when it is): its foreground runs or waits on something else,
     * or input it was sent still waits unread in the terminal.
     */
    private String unsettledReason() {
        ForegroundActivity activity = foreground.activity();
        if (!activity.waitsForInput()) {
            return activity.unsettledReason();
        }
        return activity == ForegroundActivity.READING_INPUT && unreadInput() ? "input_not_read" : null;
    }

    /**
     * Input waits unread though the program blocks reading the terminal: sent a moment ago and not yet taken. (To a
     * line reader the kernel counts complete lines only: part of a line it waits for on purpose.)
     */
    private boolean unreadInput() {
        try {
            return waitingInput() > 0;
        } catch (PtyException e) {
            return false;
        }
    }

    /**
     * When to look at a quiet program that is not waiting for input again: soon at first, then every
     * {@link #RECHECK_MAX} (each look reads /proc; no event says "a process blocked").
     */
    private static long recheckAt(long now, long quietSince, Duration quiet) {
        long max = RECHECK_MAX.toNanos();
        long step = Math.clamp((now - quietSince) / 4, Math.min(Math.max(quiet.toNanos(), 1_000_000), max), max);
        return now + step;
    }

    /** The screen as handed out; it is remembered under its id for {@code --since} and {@code --diff}. */
    private ScreenView view(CellForm cells, int scrollback) {
        ScreenView v = ScreenViews.of(id + "." + terminal.changeCount(),
                terminal.snapshot(cells.wanted(), scrollback), cells);
        shown.remember(v);
        return v;
    }

    private ScreenView view(boolean cells, int scrollback) {
        return view(cells ? CellForm.FULL : CellForm.NONE, scrollback);
    }

    private ExitInfo exitInfoOrNull() {
        lock.lock();
        try {
            return exitInfo();
        } finally {
            lock.unlock();
        }
    }

    private ExitInfo exitInfo() {
        return exit == null ? null : ExitInfo.of(exit);
    }

    private long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private void recordEvent(TerminalEvent e) {
        switch (e) {
            case TerminalEvent.TitleChanged t -> events.add("title", t.title());
            case TerminalEvent.Bell b -> events.add("bell", null);
            case TerminalEvent.Unsupported u -> events.add("unsupported", u.sequence());
        }
    }

    private void writeReply(byte[] bytes) {
        try {
            process.write(bytes, INPUT_TIMEOUT);
        } catch (PtyException e) {
            System.getLogger("uictl.term").log(System.Logger.Level.DEBUG, "reply to " + id + " not delivered: " + e);
        }
    }

    private final class Listener implements PtyListener {
        @Override
        public void output(byte[] chunk) {
            lock.lock();
            try {
                transcript.append(chunk);
                if (!budgetReported && transcript.dropped() > 0) {
                    budgetReported = true;
                    events.add("output_budget", "the transcript keeps the newest " + TRANSCRIPT_LIMIT + " bytes");
                }
                terminal.write(chunk);
                outputSeq++;
                lastOutputNanos = System.nanoTime();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void exited(ExitStatus status) {
            lock.lock();
            try {
                exit = status;
                events.add("exit", status.toString());
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void endOfOutput() {
            lock.lock();
            try {
                outputEnded = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
