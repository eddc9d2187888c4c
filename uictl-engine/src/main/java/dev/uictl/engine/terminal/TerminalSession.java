package dev.uictl.engine.terminal;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.pattern.UserPattern;
import dev.uictl.pty.process.ExitStatus;
import dev.uictl.pty.process.PtyCommand;
import dev.uictl.pty.process.PtyException;
import dev.uictl.pty.process.PtyListener;
import dev.uictl.pty.process.PtyProcess;
import dev.uictl.pty.process.Signal;
import dev.uictl.pty.process.TerminalGoneException;
import dev.uictl.pty.process.TerminationReport;
import dev.uictl.vt.KeyModes;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import dev.uictl.vt.TerminalEvent;
import dev.uictl.vt.keys.KeyEncoder;
import dev.uictl.vt.keys.KeySyntaxException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
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
    private static final int TRANSCRIPT_LIMIT = 8 * 1024 * 1024;
    private static final Duration INPUT_TIMEOUT = Duration.ofSeconds(5);
    private static final byte[] LONE_ESCAPE = {0x1b};
    /** Longer than the longest common escape timeout (ncurses' default ESCDELAY and mc: 1000 ms). */
    private static final Duration ESCAPE_MAX = Duration.ofMillis(1500);
    private static final Duration ESCAPE_RECHECK = Duration.ofMillis(2);

    private final String id;
    private final String name;
    private final List<String> argv;
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
    private final Transcript transcript = new Transcript(TRANSCRIPT_LIMIT);
    private final EventLog events = new EventLog(openedNanos);
    private final ExecutorService replies = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("term-replies").factory());
    private final PtyProcess process;
    private long outputSeq;
    private long lastOutputNanos = openedNanos;
    private ExitStatus exit;
    private boolean outputEnded;
    private boolean budgetReported;
    private int rows;
    private int cols;

    private TerminalSession(String id, String name, PtyCommand command) throws PtyException {
        this.id = id;
        this.name = name;
        this.argv = command.argv();
        this.cwd = command.cwd().toString();
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
    }

    static TerminalSession start(String id, String name, PtyCommand command) throws PtyException {
        return new TerminalSession(id, name, command);
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public int pid() {
        return process.pid();
    }

    /** Settles after startup and returns the first screen. */
    OpenResult opened(SettlePolicy policy) throws InterruptedException {
        lock.lock();
        try {
            long start = spawnedNanos;
            boolean settled = settle(0, start, policy);
            return new OpenResult(id, name, pid(), process.terminalName(), argv, settled, millisSince(start),
                    view(false, 0), exitInfo());
        } finally {
            lock.unlock();
        }
    }

    public ScreenView screen(boolean cells, int scrollback) {
        lock.lock();
        try {
            return view(cells, scrollback);
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
        return send("type", List.of(text), List.of(text.getBytes(StandardCharsets.UTF_8)), policy);
    }

    /** Pastes text, bracketed when the program enabled bracketed paste. */
    public ActionResult paste(String text, SettlePolicy policy) {
        return send("paste", List.of(text), List.of(KeyEncoder.paste(text, keyModes())), policy);
    }

    /**
     * Presses keys (tmux names); every name is checked before anything is sent. A lone Escape followed by more keys
     * ends a burst: it is sent alone and the next burst waits until the program has taken it ({@link
     * #awaitEscapeTaken}), or urwid, mc and the like would read ESC and the next key as Alt+key. An explicit
     * {@code M-x} stays one burst.
     */
    public ActionResult keys(List<String> keys, SettlePolicy policy) {
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
        return send("keys", keys, bursts, policy);
    }

    /** Resizes the terminal (the program gets SIGWINCH), then waits for its redraw to settle. */
    public ActionResult resize(int newRows, int newCols, SettlePolicy policy) {
        try {
            return resizeAndSettle(newRows, newCols, policy);
        } catch (PtyException e) {
            throw TerminalErrors.io(e, id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    private ActionResult send(String action, List<String> sent, List<byte[]> bursts, SettlePolicy policy) {
        try {
            return sendAndSettle(action, sent, bursts, policy);
        } catch (PtyException e) {
            UictlException u = TerminalErrors.io(e, id);
            ExitInfo ended = exitInfoOrNull();
            throw ended == null ? u : u.withDetail("exit", ended);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    /** Sends input bytes (each burst but the last is a lone Escape), then waits for the screen to settle. */
    private ActionResult sendAndSettle(String action, List<String> sent, List<byte[]> bursts, SettlePolicy policy)
            throws PtyException, InterruptedException {
        actions.lockInterruptibly();
        try {
            long seq;
            long eventSeq;
            lock.lock();
            try {
                seq = outputSeq;
                eventSeq = events.lastSeq();
            } finally {
                lock.unlock();
            }
            long start = System.nanoTime();
            int total = 0;
            for (int i = 0; i < bursts.size(); i++) {
                boolean escape = i < bursts.size() - 1;
                Optional<InputWait> before = escape ? InputWait.foregroundOf(pid()) : Optional.empty();
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
                    awaitEscapeTaken(before);
                }
            }
            return settled(action, sent, total, seq, eventSeq, start, policy);
        } finally {
            actions.unlock();
        }
    }

    /**
     * Waits until the foreground program has read a lone Escape and finished deciding whether more bytes belong to
     * it (its escape timeout: urwid 125 ms, vim's ttimeoutlen, ncurses' ESCDELAY and mc 1 s), observed through
     * /proc ({@link InputWait}), never longer than {@link #ESCAPE_MAX}. Re-checked on output and every few ms:
     * the kernel offers no event for "a process blocked".
     */
    private void awaitEscapeTaken(Optional<InputWait> before) throws InterruptedException {
        if (before.isEmpty()) {
            return;
        }
        long deadline = System.nanoTime() + ESCAPE_MAX.toNanos();
        lock.lock();
        try {
            while (!(exit != null && outputEnded)) {
                // A vanished foreground process is the program ending: wait for its exit, not its input wait.
                Optional<InputWait> now = InputWait.foregroundOf(pid());
                if (now.isPresent() && (now.get().pid() != before.get().pid()
                        || now.get().doneWithInputSince(before.get()) && escapeRead())) {
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
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

    private ActionResult resizeAndSettle(int newRows, int newCols, SettlePolicy policy)
            throws PtyException, InterruptedException {
        actions.lockInterruptibly();
        try {
            long seq;
            long eventSeq;
            long start = System.nanoTime();
            lock.lock();
            try {
                seq = outputSeq;
                eventSeq = events.lastSeq();
                // Resize the model first, so a redraw racing in is laid out at the new size.
                terminal.resize(newRows, newCols);
                rows = newRows;
                cols = newCols;
                events.add("resize", newRows + "x" + newCols);
            } finally {
                lock.unlock();
            }
            process.resize(newRows, newCols);
            return settled("resize", List.of(newRows + "x" + newCols), 0, seq, eventSeq, start, policy);
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
        return await(condition, timeout, Cancellation.NEVER);
    }

    /** As {@link #await(WaitCondition, Duration)}, ending early when the call is cancelled. */
    public WaitResult await(WaitCondition condition, Duration timeout, Cancellation cancellation) {
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wakeWaiters)) {
            return awaitCondition(condition, timeout, cancellation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw TerminalErrors.interrupted(id);
        }
    }

    private WaitResult awaitCondition(WaitCondition condition, Duration timeout, Cancellation cancellation)
            throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                long now = System.nanoTime();
                ScreenSnapshot snap = terminal.snapshot(false, 0);
                long wakeAt = deadline;
                boolean satisfied = switch (condition) {
                    case WaitCondition.Text t -> ScreenText.of(snap).padded().contains(t.text());
                    case WaitCondition.Gone g -> !ScreenText.of(snap).padded().contains(g.text());
                    // Either reading: "^done$" anchors at the trimmed end, "\\$ " needs the blank after the prompt.
                    case WaitCondition.Regex r -> {
                        ScreenText text = ScreenText.of(snap);
                        Deadline bound = new Deadline(deadline);
                        try {
                            yield r.pattern().find(text.trimmed(), cancellation, bound)
                                    || r.pattern().find(text.padded(), cancellation, bound);
                        } catch (UserPattern.Stopped stopped) {
                            throw TerminalErrors.waitTimedOut(id, condition, timeout, view(false, 0), exitInfo());
                        }
                    }
                    case WaitCondition.CursorAt c -> snap.cursor().row() == c.row() && snap.cursor().col() == c.col();
                    case WaitCondition.Exited e -> exit != null;
                    case WaitCondition.Idle i -> {
                        long quietSince = Math.max(lastOutputNanos, start);
                        wakeAt = Math.min(deadline, quietSince + i.quiet().toNanos());
                        yield now - quietSince >= i.quiet().toNanos();
                    }
                };
                if (satisfied) {
                    return new WaitResult(id, condition.describe(), millisSince(start), view(false, 0), exitInfo());
                }
                if (exit != null && outputEnded && !(condition instanceof WaitCondition.Idle)) {
                    throw TerminalErrors.exitedWhileWaiting(id, condition, millisSince(start), view(false, 0), exitInfo());
                }
                if (now >= deadline) {
                    throw TerminalErrors.waitTimedOut(id, condition, timeout, view(false, 0), exitInfo());
                }
                cancellation.throwIfCancelled();
                changed.awaitNanos(wakeAt - now);
            }
        } finally {
            lock.unlock();
        }
    }

    public byte[] transcript() {
        lock.lock();
        try {
            return transcript.bytes();
        } finally {
            lock.unlock();
        }
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
            return new SessionInfo(id, name, pid(), process.terminalName(), argv, cwd, rows, cols, exit == null,
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

    private ActionResult settled(String action, List<String> sent, int bytes, long seq, long eventSeq, long start,
                                 SettlePolicy policy) throws InterruptedException {
        lock.lock();
        try {
            boolean settled = settle(seq, start, policy);
            return new ActionResult(id, action, sent, bytes, settled, millisSince(start), view(false, 0),
                    events.since(eventSeq), exitInfo());
        } finally {
            lock.unlock();
        }
    }

    /** See {@link SettlePolicy}. Called with the lock held; true when settled, false when {@code max} ran out. */
    private boolean settle(long seqBefore, long start, SettlePolicy p) throws InterruptedException {
        long maxAt = start + p.max().toNanos();
        while (true) {
            long now = System.nanoTime();
            if (exit != null && outputEnded) {
                return true;
            }
            boolean sawOutput = outputSeq != seqBefore;
            long quietSince = sawOutput ? lastOutputNanos : start;
            long quiet = now - quietSince;
            long nextCheck;
            if (!sawOutput && now - start < p.firstOutput().toNanos()) {
                nextCheck = start + p.firstOutput().toNanos();
            } else if (quiet >= p.quietBusy().toNanos()) {
                return true;
            } else if (quiet >= p.quiet().toNanos()) {
                if (ForegroundProbe.sleeping(process.pid())) {
                    // The program may have written just before it went to sleep; collect that before deciding.
                    long seen = outputSeq;
                    lock.unlock();
                    try {
                        process.flushOutput();
                    } finally {
                        lock.lock();
                    }
                    if (outputSeq == seen) {
                        return true;
                    }
                    continue;
                }
                nextCheck = now + p.quiet().toNanos(); // still running: look again soon, or on output
            } else {
                nextCheck = quietSince + p.quiet().toNanos();
            }
            if (now >= maxAt) {
                return false;
            }
            changed.awaitNanos(Math.min(nextCheck, maxAt) - now);
        }
    }

    private ScreenView view(boolean cells, int scrollback) {
        return ScreenViews.of(id + "." + terminal.changeCount(), terminal.snapshot(cells, scrollback));
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
