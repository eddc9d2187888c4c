package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The sans-I/O heart of a connection (x11rb-protocol's {@code Connection}): hands out sequence numbers, remembers
 * which requests await an answer, and turns server packets into completed futures or events. It never touches a
 * socket; the caller feeds it whole packets in arrival order and registers requests in send order.
 *
 * <p>Thread model: {@link #register} is called by writers under the writer's lock, {@link #receive} by the one
 * reader; the pending map is concurrent so the two never block each other.
 */
public final class ProtocolState {
    /** A request awaiting completion: its reply decoder (null for void requests) and its future. */
    private record Pending(Request<?> request, CompletableFuture<Object> future) {
    }

    private final ConcurrentSkipListMap<Long, Pending> pending = new ConcurrentSkipListMap<>();
    private long lastSent;
    private long lastSeen;
    private volatile X11Exception closedBy;

    /** A sent request's full sequence number and the future its reply, error or acknowledgement completes. */
    public record Registered<R>(long sequence, CompletableFuture<R> future) {
    }

    /** Assigns the next sequence number to {@code request}. Call in send order, before the bytes leave. */
    @SuppressWarnings("unchecked")
    public synchronized <R> Registered<R> register(Request<R> request) {
        CompletableFuture<Object> future = new CompletableFuture<>();
        long seq = ++lastSent;
        X11Exception closed = closedBy;
        if (closed != null) {
            future.completeExceptionally(closed);
        } else {
            pending.put(seq, new Pending(request, future));
        }
        return new Registered<>(seq, (CompletableFuture<R>) (CompletableFuture<?>) future);
    }

    /** The sequence number of the most recently registered request. */
    public long lastSent() {
        return lastSent;
    }

    /** Whether a request is still unanswered. */
    public boolean isPending(long sequence) {
        return pending.containsKey(sequence);
    }

    /** Packet kind from its first byte: 0 error, 1 reply, else event. */
    public static boolean isReply(ByteBuffer header) {
        return header.get(0) == 1;
    }

    /** Bytes that follow the 32-byte header of this packet (replies and GenericEvents carry more). */
    public static int extraLength(ByteBuffer header) {
        int kind = header.get(0) & 0x7f;
        return kind == 1 || kind == X11Event.GENERIC_EVENT ? header.getInt(4) * 4 : 0;
    }

    /**
     * Consumes one whole packet (little endian, positioned at 0). Completes the matching request and returns
     * null, or returns the decoded event. Requests older than the packet's sequence that expected nothing are
     * acknowledged: the server handles requests in order, so had they failed their error would have come first.
     */
    public X11Event receive(ByteBuffer packet) {
        int kind = packet.get(0) & 0xff;
        if (kind == 11) {
            return X11Event.decode(packet); // KeymapNotify has no sequence number
        }
        long seq = widen(packet.getShort(2) & 0xffff);
        acknowledgeBefore(seq);
        if (kind == 0) {
            Pending p = pending.remove(seq);
            X11Exception.Protocol error = new X11Exception.Protocol(XError.decode(packet, seq));
            if (p != null) {
                p.future.completeExceptionally(error);
                return null;
            }
            return null;
        }
        if (kind == 1) {
            Pending p = pending.remove(seq);
            if (p != null && p.request.hasReply()) {
                try {
                    p.future.complete(p.request.decodeReply(packet));
                } catch (RuntimeException e) {
                    p.future.completeExceptionally(new X11Exception.ConnectionLost(
                            "malformed reply to " + p.request.getClass().getSimpleName() + ": " + e, e));
                }
            }
            return null;
        }
        return X11Event.decode(packet);
    }

    /** Fails every pending request and every future registration with {@code cause}. */
    public synchronized void close(X11Exception cause) {
        closedBy = cause;
        for (Map.Entry<Long, Pending> e = pending.pollFirstEntry(); e != null; e = pending.pollFirstEntry()) {
            e.getValue().future.completeExceptionally(cause);
        }
    }

    /** Maps a 16-bit wire sequence to the full number: the closest one at or after the last seen. */
    private long widen(int seq16) {
        long full = lastSeen + ((seq16 - lastSeen) & 0xffff);
        lastSeen = full;
        return full;
    }

    private void acknowledgeBefore(long seq) {
        for (Map.Entry<Long, Pending> e = pending.firstEntry(); e != null && e.getKey() < seq; e = pending.firstEntry()) {
            pending.remove(e.getKey());
            Pending p = e.getValue();
            if (p.request.hasReply()) {
                p.future.completeExceptionally(new X11Exception.ConnectionLost(
                        "no reply to " + p.request.getClass().getSimpleName() + " (sequence " + e.getKey() + ")", null));
            } else {
                p.future.complete(null);
            }
        }
    }
}
