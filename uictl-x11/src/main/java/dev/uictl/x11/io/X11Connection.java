package dev.uictl.x11.io;

import dev.uictl.x11.proto.core.GetInputFocus;
import dev.uictl.x11.proto.core.QueryExtension;
import dev.uictl.x11.wire.ExtensionInfo;
import dev.uictl.x11.wire.ProtocolState;
import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.Setup;
import dev.uictl.x11.wire.SetupCodec;
import dev.uictl.x11.wire.X11Event;
import dev.uictl.x11.wire.X11Exception;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A thread-safe connection to one X server. Any thread may {@link #send} requests (sequence assignment and the
 * write happen under one lock, so requests leave in sequence order); one reader thread turns the server's packets
 * into completed cookies and events; one dispatcher thread delivers events to listeners, which may themselves
 * send requests and wait for replies.
 *
 * <p>When the server goes away every pending cookie fails at once with {@link X11Exception.ConnectionLost} and
 * later sends fail immediately. A connection is never revived: open a new one to reconnect.
 */
public final class X11Connection implements AutoCloseable {
    private static final Duration DEFAULT_SETUP_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration DEFAULT_REPLY_TIMEOUT = Duration.ofSeconds(10);
    private static final X11Event STOP = new X11Event.Raw(0, false, new byte[0]);

    private final String displayName;
    private final Transport transport;
    private final Setup setup;
    private final int screenNumber;
    private final ProtocolState state = new ProtocolState();
    private final ReentrantLock writeLock = new ReentrantLock();
    /** Requests held back by an open batch (guarded by writeLock); null when not batching. */
    private List<ByteBuffer> corked;
    private final Map<String, CompletableFuture<ExtensionInfo>> extensions = new ConcurrentHashMap<>();
    private final List<Consumer<X11Event>> listeners = new CopyOnWriteArrayList<>();
    private final Map<Class<?>, Object> sharedHelpers = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<X11Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<X11Exception> closed = new CompletableFuture<>();
    private final AtomicInteger nextId = new AtomicInteger(1);
    private final int idShift;
    private volatile Duration replyTimeout = DEFAULT_REPLY_TIMEOUT;

    private X11Connection(String displayName, Transport transport, Setup setup, int screenNumber) {
        this.displayName = displayName;
        this.transport = transport;
        this.setup = setup;
        this.screenNumber = screenNumber;
        this.idShift = Integer.numberOfTrailingZeros(setup.resourceIdMask());
        Thread.ofPlatform().daemon().name("x11-reader " + displayName).start(this::readLoop);
        Thread.ofVirtual().name("x11-events " + displayName).start(this::dispatchLoop);
    }

    /** Opens {@code display} (e.g. ":1") with the cookie from {@code $XAUTHORITY}/{@code ~/.Xauthority} in {@code env}. */
    public static X11Connection open(String display, Map<String, String> env) {
        DisplayName name;
        try {
            name = DisplayName.parse(display);
        } catch (IllegalArgumentException e) {
            throw new X11Exception.ConnectFailed(String.valueOf(display), e.getMessage(), e);
        }
        Transport transport;
        try {
            transport = UnixSocketTransport.connect(name.socket());
        } catch (IOException e) {
            throw new X11Exception.ConnectFailed(display, "no X server at " + name.socket() + " (" + e.getMessage() + ")", e);
        }
        return handshake(display, transport, name.screen(), XAuthority.cookieFor(name.number(), env), DEFAULT_SETUP_TIMEOUT);
    }

    /** Opens {@code display} using this process's environment. */
    public static X11Connection open(String display) {
        return open(display, System.getenv());
    }

    /**
     * Runs the connection setup over an already connected transport. If the server does not answer within
     * {@code timeout} (a stopped server accepts connections but never replies) the transport is closed.
     */
    public static X11Connection handshake(String display, Transport transport, int screen, AuthCookie auth,
                                          Duration timeout) {
        Thread watchdog = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(timeout);
                transport.close();
            } catch (InterruptedException | IOException done) {
                // setup finished first
            }
        });
        try {
            transport.write(SetupCodec.request(auth.name(), auth.data()));
            ByteBuffer prefix = ByteBuffer.allocate(SetupCodec.PREFIX).order(ByteOrder.LITTLE_ENDIAN);
            transport.readFully(prefix);
            ByteBuffer whole = ByteBuffer.allocate(SetupCodec.PREFIX + SetupCodec.remainingLength(prefix))
                    .order(ByteOrder.LITTLE_ENDIAN);
            whole.put(prefix.flip());
            transport.readFully(whole);
            watchdog.interrupt();
            Setup setup = SetupCodec.decode(display, whole.flip());
            if (screen >= setup.screens().size()) {
                throw new X11Exception.ConnectFailed(display, "screen " + screen + " does not exist", null);
            }
            return new X11Connection(display, transport, setup, screen);
        } catch (IOException e) {
            watchdog.interrupt();
            closeQuietly(transport);
            throw new X11Exception.ConnectFailed(display, "connection setup failed (" + e.getMessage() + ")", e);
        } catch (RuntimeException e) {
            watchdog.interrupt();
            closeQuietly(transport);
            throw e instanceof X11Exception x ? x
                    : new X11Exception.ConnectFailed(display, "malformed setup reply (" + e + ")", e);
        }
    }

    public String displayName() {
        return displayName;
    }

    public Setup setup() {
        return setup;
    }

    /** The screen named by the display string ({@code :N.S}). */
    public Setup.Screen screen() {
        return setup.screens().get(screenNumber);
    }

    public int root() {
        return screen().root();
    }

    public Duration replyTimeout() {
        return replyTimeout;
    }

    /** How long {@link Cookie#reply()} waits before giving up on a silent server. */
    public void replyTimeout(Duration timeout) {
        this.replyTimeout = timeout;
    }

    /**
     * Sends a request and returns its cookie without waiting. Extension requests first look up (once, cached)
     * the extension's major opcode.
     *
     * @throws X11Exception.ConnectionLost when the connection is already closed
     * @throws X11Exception.ExtensionMissing when the server lacks the request's extension
     * @throws X11Exception.RequestTooLong when the request exceeds the server's limit
     */
    public <R> Cookie<R> send(Request<R> request) {
        int major = request.extension() == null ? 0 : requireExtension(request.extension()).majorOpcode();
        RequestBuffer out = new RequestBuffer(major);
        request.encode(out);
        ByteBuffer bytes = out.finish(setup.maxRequestLength());
        writeLock.lock();
        try {
            failIfClosed();
            ProtocolState.Registered<R> registered = state.register(request);
            if (corked != null) {
                corked.add(bytes);
            } else {
                write(bytes);
            }
            return new Cookie<>(this, registered.sequence(), registered.future(), request.hasReply());
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Holds back the requests this thread sends until the returned batch is closed, then writes them all at once
     * (one system call for a pipelined burst). Other threads' sends wait meanwhile, so keep batches short; waiting
     * for a reply inside a batch first writes what is held back.
     */
    public Batch batch() {
        writeLock.lock();
        if (corked == null) {
            corked = new ArrayList<>();
        }
        return new Batch();
    }

    /** An open {@link #batch()}; closing it writes the held-back requests. */
    public final class Batch implements AutoCloseable {
        private Batch() {
        }

        /**
         * Writes what is held back and lets other threads send while {@code wait} runs (a pause between keystrokes
         * that the caller may cut short); then holds back again. Returns what {@code wait} returned.
         */
        public boolean whileReleased(java.util.function.BooleanSupplier wait) {
            int holds = writeLock.getHoldCount();
            uncork();
            for (int i = 0; i < holds; i++) {
                writeLock.unlock();
            }
            try {
                return wait.getAsBoolean();
            } finally {
                for (int i = 0; i < holds; i++) {
                    writeLock.lock();
                }
                corked = new ArrayList<>();
            }
        }

        @Override
        public void close() {
            try {
                if (writeLock.getHoldCount() == 1) {
                    uncork();
                }
            } finally {
                writeLock.unlock();
            }
        }
    }

    /** Writes held-back requests; called before this thread waits for a reply. */
    void flushHeldBack() {
        if (writeLock.isHeldByCurrentThread() && corked != null && !corked.isEmpty()) {
            List<ByteBuffer> pending = corked;
            corked = new ArrayList<>();
            write(pending.toArray(ByteBuffer[]::new));
        }
    }

    private void uncork() {
        List<ByteBuffer> pending = corked;
        corked = null;
        if (pending != null && !pending.isEmpty()) {
            write(pending.toArray(ByteBuffer[]::new));
        }
    }

    private void write(ByteBuffer... buffers) {
        try {
            transport.write(buffers);
        } catch (IOException e) {
            shutdown(new X11Exception.ConnectionLost("writing to the X server failed: " + e.getMessage(), e));
        }
    }

    /** Sends and waits for the reply: a convenience for one-off requests. */
    public <R> R call(Request<R> request) {
        return send(request).reply();
    }

    /** Round trip that guarantees every request sent before has been processed (errors included). */
    public void sync() {
        send(new GetInputFocus()).reply();
    }

    /** The extension's numbering on this server, looked up once; empty when the server lacks it. */
    public Optional<ExtensionInfo> extension(String name) {
        CompletableFuture<ExtensionInfo> info = extensions.computeIfAbsent(name,
                n -> send(new QueryExtension(n)).future());
        Cookie<ExtensionInfo> waiter = new Cookie<>(this, -1, info, true);
        try {
            ExtensionInfo result = waiter.reply();
            return result.present() ? Optional.of(result) : Optional.empty();
        } catch (X11Exception e) {
            extensions.remove(name, info);
            throw e;
        }
    }

    /** Like {@link #extension} but failing with {@link X11Exception.ExtensionMissing}. */
    public ExtensionInfo requireExtension(String name) {
        return extension(name).orElseThrow(() -> new X11Exception.ExtensionMissing(name));
    }

    /** A fresh resource id (window, pixmap, …) from the range the server granted this client. */
    public int generateId() {
        int n = nextId.getAndIncrement();
        if (n > setup.resourceIdMask() >>> idShift) {
            throw new X11Exception.ConnectionLost("resource ids exhausted on this connection; reconnect", null);
        }
        return setup.resourceIdBase() | n << idShift;
    }

    /**
     * Delivers every event to {@code listener} on the connection's event thread, in arrival order, until the
     * subscription is closed. The listener may send requests and wait for replies; it must not throw.
     */
    /**
     * The one {@code type} helper of this connection, created on first use. For state X keeps per client (event
     * masks), which every part of a program sharing the connection must see the same way.
     */
    public <T> T shared(Class<T> type, Function<X11Connection, T> create) {
        return type.cast(sharedHelpers.computeIfAbsent(type, t -> create.apply(this)));
    }

    public Subscription subscribe(Consumer<X11Event> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    public boolean isOpen() {
        return !closed.isDone();
    }

    /** Completes with the cause once the connection is closed or lost. */
    public CompletableFuture<X11Exception> closedFuture() {
        return closed;
    }

    @Override
    public void close() {
        shutdown(new X11Exception.ConnectionLost("connection to " + displayName + " was closed", null));
    }

    /** Makes sure the server has processed request {@code sequence} by sending a sync after it if needed. */
    void acknowledge(long sequence) {
        if (state.isPending(sequence)) {
            sync();
        }
    }

    private void failIfClosed() {
        X11Exception cause = closed.getNow(null);
        if (cause != null) {
            throw new X11Exception.ConnectionLost(cause.getMessage(), cause);
        }
    }

    private void readLoop() {
        ByteBuffer header = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        try {
            while (isOpen()) {
                header.clear();
                transport.readFully(header);
                header.flip();
                int extra = ProtocolState.extraLength(header);
                ByteBuffer packet = header;
                if (extra > 0) {
                    packet = ByteBuffer.allocate(32 + extra).order(ByteOrder.LITTLE_ENDIAN);
                    packet.put(header);
                    transport.readFully(packet);
                    packet.flip();
                }
                X11Event event = state.receive(packet);
                if (event != null) {
                    events.add(event);
                }
            }
        } catch (IOException | RuntimeException e) {
            shutdown(new X11Exception.ConnectionLost("lost the connection to X server " + displayName + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", e));
        }
    }

    private void dispatchLoop() {
        try {
            for (X11Event event = events.take(); event != STOP; event = events.take()) {
                for (Consumer<X11Event> listener : listeners) {
                    try {
                        listener.accept(event);
                    } catch (RuntimeException e) {
                        // a faulty listener must not starve the others or stop dispatch
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void shutdown(X11Exception cause) {
        if (!closed.complete(cause)) {
            return;
        }
        closeQuietly(transport);
        state.close(cause);
        events.add(STOP);
    }

    private static void closeQuietly(Transport transport) {
        try {
            transport.close();
        } catch (IOException ignored) {
            // already broken
        }
    }

    @Override
    public String toString() {
        return "X11Connection[" + displayName + (isOpen() ? "" : ", closed") + "]";
    }
}
