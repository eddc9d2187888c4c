package dev.uictl.pty.process;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Predicate;

/** Collects a terminal's output; tests wait on it for text instead of sleeping. */
final class Recorder implements PtyListener {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private ExitStatus exited;
    private boolean ended;

    @Override
    public synchronized void output(byte[] chunk) {
        bytes.writeBytes(chunk);
        notifyAll();
    }

    @Override
    public synchronized void exited(ExitStatus status) {
        exited = status;
        notifyAll();
    }

    @Override
    public synchronized void endOfOutput() {
        ended = true;
        notifyAll();
    }

    synchronized String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    synchronized boolean ended() {
        return ended;
    }

    synchronized ExitStatus exitStatus() {
        return exited;
    }

    String awaitText(String expected) throws InterruptedException {
        return await(t -> t.contains(expected), "output containing '" + expected + "'");
    }

    synchronized String await(Predicate<String> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.test(text())) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out waiting for " + what + "; output so far: " + text());
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return text();
    }
}
