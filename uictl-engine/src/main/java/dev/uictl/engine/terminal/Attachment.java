package dev.uictl.engine.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A person watching and typing into a session live: their keystrokes (raw bytes) go to the program, and every
 * change of the screen is redrawn on their terminal. Ends on the detach key, end of input, the program's end, or
 * the person's client going away. Other agents may keep driving the session meanwhile.
 */
public final class Attachment {
    /** Ctrl-], as telnet and many consoles use it. */
    public static final byte DEFAULT_DETACH_KEY = 0x1d;
    private static final Duration REDRAW_CHECK = Duration.ofSeconds(1);

    private final TerminalSession session;
    private final AtomicReference<String> detachedBy = new AtomicReference<>();
    private final AtomicLong typed = new AtomicLong();

    public Attachment(TerminalSession session) {
        this.session = session;
    }

    /** Called when the person's connection ends, from any thread. */
    public void clientGone() {
        stop("client_gone");
    }

    public AttachResult run(InputStream keys, OutputStream view, byte detachKey) {
        long start = System.nanoTime();
        Thread.ofVirtual().name("attach-input-" + session.id()).start(() -> pumpKeys(keys, detachKey));
        long redraws = 0;
        try {
            long seen = -1;
            while (detachedBy.get() == null) {
                if (session.ended()) {
                    stop("program_exit");
                    break;
                }
                long now = session.awaitOutput(seen, REDRAW_CHECK, () -> detachedBy.get() != null);
                if (now != seen) {
                    seen = now;
                    view.write(AnsiScreen.render(session.cellSnapshot()));
                    view.flush();
                    redraws++;
                }
            }
            view.write(("\033[0m\r\n[detached from " + session.id() + ": " + detachedBy.get() + "]\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            view.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop("client_gone");
        } catch (IOException | UncheckedIOException e) {
            stop("client_gone");
        }
        // The key pump ends by itself: the end of the call ends the client's input, and it reads EOF.
        ScreenView screen = session.screen(false, 0);
        return new AttachResult(session.id(), detachedBy.get(), (System.nanoTime() - start) / 1_000_000, typed.get(),
                redraws, screen, session.info().exit());
    }

    private void pumpKeys(InputStream keys, byte detachKey) {
        byte[] buf = new byte[4096];
        try {
            while (detachedBy.get() == null) {
                int n = keys.read(buf);
                if (n < 0) {
                    stop("stdin_eof");
                    return;
                }
                int end = 0;
                while (end < n && buf[end] != detachKey) {
                    end++;
                }
                if (end > 0) {
                    session.input(java.util.Arrays.copyOf(buf, end));
                    typed.addAndGet(end);
                }
                if (end < n) {
                    stop("detach_key");
                    return;
                }
            }
        } catch (IOException e) {
            stop("client_gone");
        } catch (RuntimeException e) {
            stop(session.ended() ? "program_exit" : "client_gone");
        }
    }

    private void stop(String reason) {
        if (detachedBy.compareAndSet(null, reason)) {
            session.wakeWaiters();
        }
    }
}
