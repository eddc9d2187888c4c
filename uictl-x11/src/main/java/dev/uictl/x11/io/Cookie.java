package dev.uictl.x11.io;

import dev.uictl.x11.wire.X11Exception;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The handle of a sent request (x11rb's {@code Cookie}/{@code VoidCookie}). Send many requests first, then ask
 * for their replies: that is pipelining. A request's error fails its cookie; nothing is thrown at send time
 * except for a dead connection.
 */
public final class Cookie<R> {
    private final X11Connection connection;
    private final long sequence;
    private final CompletableFuture<R> future;
    private final boolean hasReply;
    /** How often a bound wait looks at its caller's cancellation. */
    private static final long SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    Cookie(X11Connection connection, long sequence, CompletableFuture<R> future, boolean hasReply) {
        this.connection = connection;
        this.sequence = sequence;
        this.future = future;
        this.hasReply = hasReply;
    }

    /** Waits for the reply within the connection's reply timeout. */
    public R reply() {
        return reply(connection.replyTimeout());
    }

    /**
     * Waits for the reply (or, for a request without reply, for the server to have processed it), at most
     * {@code timeout} and never past the bound of the call it serves ({@link ReplyWaits}).
     *
     * @throws X11Exception.Protocol when the server answered with an error
     * @throws X11Exception.ConnectionLost when the connection broke first
     * @throws X11Exception.Timeout when nothing arrived in time (or by the call's deadline)
     * @throws X11Exception.Cancelled when the call it serves was cancelled first
     */
    public R reply(Duration timeout) {
        connection.flushHeldBack();
        if (!hasReply && !future.isDone()) {
            connection.acknowledge(sequence);
        }
        ReplyWaits.Bound bound = ReplyWaits.current();
        long end = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                if (bound.cancelled().getAsBoolean()) {
                    throw new X11Exception.Cancelled("the call awaiting sequence " + sequence + " was cancelled");
                }
                long now = System.nanoTime();
                if (bound.hasDeadline() && now - bound.deadlineNanos() >= 0 && !future.isDone()) {
                    throw new X11Exception.Timeout("no answer from the X server before the call's deadline"
                            + " (sequence " + sequence + ")");
                }
                long left = Math.min(end - now, bound.hasDeadline() ? bound.deadlineNanos() - now : Long.MAX_VALUE);
                try {
                    // Short slices only while a caller could be cancelled; an unbound wait is one plain get.
                    return future.get(bound == ReplyWaits.UNBOUND ? Math.max(0, end - now)
                            : Math.clamp(left, 0, SLICE_NANOS), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    if (end - System.nanoTime() <= 0) {
                        throw e;
                    }
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof X11Exception x) {
                throw rethrown(x);
            }
            throw new X11Exception.ConnectionLost("request failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new X11Exception.Timeout("no answer from the X server within " + timeout.toMillis()
                    + " ms (sequence " + sequence + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new X11Exception.Timeout("interrupted while waiting for the X server");
        } catch (CancellationException e) {
            throw new X11Exception.ConnectionLost("request cancelled", e);
        }
    }

    /** Waits until the request was processed and throws its error, if any; the reply value is ignored. */
    public void check() {
        reply();
    }

    /** Whether the server has answered (or the request failed). */
    public boolean isDone() {
        return future.isDone();
    }

    /** For asynchronous composition; completes on the reader thread, so do not block in callbacks. */
    public CompletableFuture<R> future() {
        return future;
    }

    public long sequence() {
        return sequence;
    }

    /** The stored exception carries the reader thread's stack; callers want their own in traces. */
    private static X11Exception rethrown(X11Exception x) {
        x.addSuppressed(new Exception("awaited here"));
        return x;
    }
}
