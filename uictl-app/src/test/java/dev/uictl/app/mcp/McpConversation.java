package dev.uictl.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Invocation;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A live `uictl mcp` session run in-process through a real dispatcher, spoken to line by line: what a client
 * sends, what the server answers, in order, with notifications kept apart.
 */
final class McpConversation implements AutoCloseable {
    private final PipedOutputStream toServer = new PipedOutputStream();
    private final LinkedBlockingQueue<JsonNode> fromServer = new LinkedBlockingQueue<>();
    private final List<JsonNode> notifications = new ArrayList<>();
    private final Thread server;
    private final AtomicInteger ids = new AtomicInteger(100);
    private volatile int exit = -1;

    McpConversation(Dispatcher dispatcher, String... args) {
        this(dispatcher, Map.of(), args);
    }

    /** A session whose environment is the test's with {@code env} over it. */
    McpConversation(Dispatcher dispatcher, Map<String, String> extraEnv, String... args) {
        try {
            PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 20);
            // Not a pipe: Piped streams fail once a thread that wrote has ended, and every call runs on its own
            LineSink serverOut = new LineSink();
            Map<String, String> env = new HashMap<>(System.getenv());
            env.remove("UICTL_FORMAT");
            env.putAll(extraEnv);
            List<String> argv = new ArrayList<>(List.of("mcp"));
            argv.addAll(List.of(args));
            Invocation inv = new Invocation(argv, Path.of(".").toAbsolutePath(), env, serverIn, serverOut,
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false, hook -> { },
                    Cancellation.NEVER);
            server = Thread.ofVirtual().start(() -> exit = dispatcher.run(inv));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses each line the server writes into the queue. */
    private final class LineSink extends java.io.OutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                fromServer.add(Json.parse(line.toString(StandardCharsets.UTF_8)));
                line.reset();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }
    }

    void sendLine(String line) {
        try {
            toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toServer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void send(JsonNode message) {
        sendLine(Json.write(message));
    }

    /** The next message that is not a notification (notifications are kept for {@link #notifications()}). */
    JsonNode next() {
        while (true) {
            JsonNode m = poll(20_000);
            assertThat(m).as("a message from the server within 20 s").isNotNull();
            if (m.has("method") && !m.has("id")) {
                synchronized (notifications) {
                    notifications.add(m);
                }
                continue;
            }
            return m;
        }
    }

    /** The next message within {@code millis}, or null. */
    JsonNode poll(long millis) {
        try {
            return fromServer.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Sends a request and returns its response (any other response in between fails the test). */
    JsonNode request(String method, JsonNode params) {
        int id = ids.incrementAndGet();
        send(request(id, method, params));
        JsonNode reply = next();
        assertThat(reply.get("id").asInt()).as("reply to request %s: %s", id, reply).isEqualTo(id);
        return reply;
    }

    static ObjectNode request(Object id, String method, JsonNode params) {
        ObjectNode m = Json.object();
        m.put("jsonrpc", "2.0");
        m.set("id", Json.tree(id));
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        return m;
    }

    JsonNode initialize(String revision) {
        ObjectNode params = Json.object();
        params.put("protocolVersion", revision);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "test").put("version", "1");
        JsonNode reply = request("initialize", params);
        ObjectNode note = Json.object();
        note.put("jsonrpc", "2.0");
        note.put("method", "notifications/initialized");
        send(note);
        return reply;
    }

    JsonNode callTool(String tool, JsonNode arguments) {
        ObjectNode params = Json.object();
        params.put("name", tool);
        params.set("arguments", arguments);
        return request("tools/call", params);
    }

    List<JsonNode> notifications() {
        synchronized (notifications) {
            return List.copyOf(notifications);
        }
    }

    /** Closes the server's input (end of session) and returns its exit code. */
    int end() throws InterruptedException {
        try {
            toServer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(server.join(java.time.Duration.ofSeconds(20))).as("the session ends at end of input").isTrue();
        return exit;
    }

    @Override
    public void close() throws InterruptedException {
        if (server.isAlive()) {
            end();
        }
    }
}
