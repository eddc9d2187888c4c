package dev.uictl.app;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A display of its own ({@code :N} with N from 300 up) that forwards every byte to a real X server, with two faults
 * a test can inject into the requests of its clients:
 * <ul>
 *   <li>{@link #refuse}: chosen requests never reach the server (a GetInputFocus takes their place, so sequence
 *   numbers stay aligned and nothing happens) and the client gets the X error the test chose in their reply's place,
 *   in order with everything else: how a server refuses requests in the field (BadAlloc when it is out of memory,
 *   BadMatch, BadAccess), made deterministic;</li>
 *   <li>{@link #beforeFirst}: the first chosen request waits until the test has done something to the real server
 *   (destroyed the window it names, say), then goes on: the race between a client's lookup and its action.</li>
 * </ul>
 * Only little-endian clients (uictl's) are supported.
 */
public final class X11FaultProxy implements AutoCloseable {
    /**
     * What a test sees of a request to decide whether to fault it: its opcodes, its extension's name (null for the
     * core protocol) and its first word, the window or drawable of most requests.
     */
    public record Request(int major, int minor, String extension, int firstWord) {
    }

    private record Refusal(Predicate<Request> which, int code) {
    }

    private record Interception(Predicate<Request> which, Runnable first) {
    }

    public static final int BAD_VALUE = 2;
    public static final int BAD_WINDOW = 3;
    public static final int BAD_MATCH = 8;
    public static final int BAD_ACCESS = 10;
    public static final int BAD_ALLOC = 11;

    private static final int GET_INPUT_FOCUS = 43;
    private static final int QUERY_EXTENSION = 98;
    private static final Path SOCKETS = Path.of("/tmp/.X11-unix");

    private final Path upstream;
    private final int number;
    private final Path socket;
    private final Path lock;
    private final ServerSocketChannel server;
    private final AtomicReference<Refusal> refusal = new AtomicReference<>();
    private final AtomicReference<Interception> interception = new AtomicReference<>();
    private final AtomicInteger refused = new AtomicInteger();
    private final List<SocketChannel> open = new CopyOnWriteArrayList<>();

    private X11FaultProxy(Path upstream, int number, Path lock) throws IOException {
        this.upstream = upstream;
        this.number = number;
        this.lock = lock;
        this.socket = SOCKETS.resolve("X" + number);
        Files.deleteIfExists(socket);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        Thread.ofPlatform().daemon().name("x11-fault-proxy :" + number).start(this::acceptLoop);
    }

    /** A proxy in front of {@code display} (":N"), on the first free display number from 300. */
    public static X11FaultProxy inFrontOf(String display) throws IOException {
        Path upstream = SOCKETS.resolve("X" + display.substring(display.indexOf(':') + 1).split("\\.")[0]);
        for (int n = 300; n < 400; n++) {
            // The lock file is how X servers (and Xvfb -displayfd) see a number as taken: no server will pick ours.
            Path lock = Path.of("/tmp/.X" + n + "-lock");
            try {
                Files.writeString(lock, String.format("%10d%n", ProcessHandle.current().pid()),
                        java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            return new X11FaultProxy(upstream, n, lock);
        }
        throw new IOException("no free display number between :300 and :399");
    }

    /** {@code env} with DISPLAY pointing at this proxy (the desktop's cookie is not bound to a display number). */
    public Map<String, String> env(Map<String, String> env) {
        Map<String, String> copy = new LinkedHashMap<>(env);
        copy.put("DISPLAY", display());
        return copy;
    }

    public String display() {
        return ":" + number;
    }

    /** From now on, answer the requests {@code which} selects with X error {@code code} instead of forwarding them. */
    public void refuse(Predicate<Request> which, int code) {
        refusal.set(new Refusal(which, code));
    }

    /** Runs {@code first} before forwarding the next request {@code which} selects (once). */
    public void beforeFirst(Predicate<Request> which, Runnable first) {
        interception.set(new Interception(which, first));
    }

    /** Forward everything again. */
    public void heal() {
        refusal.set(null);
        interception.set(null);
    }

    /** How many requests were answered with an injected error so far. */
    public int refused() {
        return refused.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (SocketChannel ch : open) {
            ch.close();
        }
        Files.deleteIfExists(socket);
        Files.deleteIfExists(lock);
    }

    private void acceptLoop() {
        try {
            while (server.isOpen()) {
                SocketChannel client = server.accept();
                SocketChannel real = SocketChannel.open(StandardProtocolFamily.UNIX);
                real.connect(UnixDomainSocketAddress.of(upstream));
                open.add(client);
                open.add(real);
                Link link = new Link(client, real);
                Thread.ofPlatform().daemon().name("x11-fault-proxy requests").start(link::requests);
                Thread.ofPlatform().daemon().name("x11-fault-proxy answers").start(link::answers);
            }
        } catch (IOException closed) {
            // the proxy was closed
        }
    }

    /** One client connection and its connection to the real server. */
    private final class Link {
        private final SocketChannel client;
        private final SocketChannel real;
        /** Sequence numbers (low 16 bits, as the server reports them) whose reply becomes an error: error bytes. */
        private final Map<Integer, ByteBuffer> errors = new ConcurrentHashMap<>();
        /** QueryExtension sequence numbers and the names they ask for; answered names by major opcode. */
        private final Map<Integer, String> queries = new ConcurrentHashMap<>();
        private final Map<Integer, String> extensions = new ConcurrentHashMap<>();

        Link(SocketChannel client, SocketChannel real) {
            this.client = client;
            this.real = real;
        }

        void requests() {
            try {
                ByteBuffer setup = read(client, 12);
                if (setup.get(0) != 'l') {
                    throw new IOException("only little-endian clients are supported");
                }
                int auth = pad4(setup.getShort(6) & 0xffff) + pad4(setup.getShort(8) & 0xffff);
                write(real, setup, read(client, auth));
                for (int sequence = 1; ; sequence++) {
                    ByteBuffer head = read(client, 4);
                    int words = head.getShort(2) & 0xffff;
                    ByteBuffer extended = null;
                    if (words == 0) { // BIG-REQUESTS: the length follows in the next word
                        extended = read(client, 4);
                        words = extended.getInt(0) - 1;
                    }
                    ByteBuffer body = read(client, words * 4 - 4);
                    int major = head.get(0) & 0xff;
                    Request request = new Request(major, head.get(1) & 0xff,
                            major >= 128 ? extensions.get(major) : null,
                            body.remaining() >= 4 ? body.getInt(0) : 0);
                    if (major == QUERY_EXTENSION) {
                        int length = body.getShort(0) & 0xffff;
                        queries.put(sequence & 0xffff, StandardCharsets.ISO_8859_1
                                .decode(body.slice(4, length)).toString());
                    }
                    Interception i = interception.get();
                    if (i != null && i.which().test(request) && interception.compareAndSet(i, null)) {
                        i.first().run();
                    }
                    Refusal f = refusal.get();
                    if (f != null && f.which().test(request)) {
                        errors.put(sequence & 0xffff, error(f.code(), sequence, request));
                        refused.incrementAndGet();
                        write(real, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN)
                                .put((byte) GET_INPUT_FOCUS).put((byte) 0).putShort((short) 1).flip());
                    } else if (extended != null) {
                        write(real, head, extended, body);
                    } else {
                        write(real, head, body);
                    }
                }
            } catch (IOException ended) {
                closeBoth();
            }
        }

        void answers() {
            try {
                ByteBuffer head = read(real, 8);
                write(client, head, read(real, (head.getShort(6) & 0xffff) * 4));
                while (true) {
                    ByteBuffer packet = read(real, 32);
                    int type = packet.get(0) & 0x7f;
                    ByteBuffer extra = type == 1 || type == 35 ? read(real, packet.getInt(4) * 4) : ByteBuffer.allocate(0);
                    int sequence = packet.getShort(2) & 0xffff;
                    if (type == 1) {
                        String name = queries.remove(sequence);
                        if (name != null && packet.get(8) != 0) {
                            extensions.put(packet.get(9) & 0xff, name);
                        }
                        ByteBuffer error = errors.remove(sequence);
                        if (error != null) {
                            write(client, error);
                            continue;
                        }
                    }
                    write(client, packet, extra);
                }
            } catch (IOException ended) {
                closeBoth();
            }
        }

        private void closeBoth() {
            try {
                client.close();
                real.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    private static ByteBuffer error(int code, int sequence, Request request) {
        return ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0).put((byte) code).putShort((short) sequence).putInt(request.firstWord())
                .putShort((short) (request.extension() == null ? 0 : request.minor())).put((byte) request.major()).position(32).flip();
    }

    private static ByteBuffer read(SocketChannel ch, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new EOFException();
            }
        }
        return b.flip();
    }

    private static void write(SocketChannel ch, ByteBuffer... buffers) throws IOException {
        for (ByteBuffer b : buffers) {
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
    }

    private static int pad4(int n) {
        return (n + 3) & ~3;
    }
}
