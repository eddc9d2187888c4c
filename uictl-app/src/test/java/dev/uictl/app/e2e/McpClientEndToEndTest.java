package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.ExternalTool;
import dev.uictl.app.FixtureState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A real MCP client — the official TypeScript SDK's Client over StdioClientTransport (mcp-test/client.mjs, run
 * with Node) — against `bin/uictl mcp` through the C client and the daemon, on a private desktop with the GTK
 * fixture. Effects are checked by their own oracles: the fixture's click record, the file a terminal program
 * wrote, the PNG's pixels against the root window's size; the terminal session is then seen by the command line,
 * because both went through the same daemon.
 */
@Tag("e2e")
class McpClientEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    static final Path CLIENT_DIR = Cli.HOME.resolve("mcp-test");
    private static FixtureState fixture;

    @BeforeAll
    static void fixture() throws Exception {
        assumeTrue(Cli.built(), "run scripts/setup first");
        boolean ready = Files.isDirectory(CLIENT_DIR.resolve("node_modules/@modelcontextprotocol/sdk"))
                && nodeRuns();
        if ("true".equals(System.getenv("CI"))) {
            assertThat(ready).as("node and mcp-test/node_modules (scripts/setup runs npm ci)").isTrue();
        }
        assumeTrue(ready, "the MCP test client needs node and `npm ci` in mcp-test (scripts/setup)");
        Path state = DESKTOP.runtimeDir().resolve("fixture.jsonl");
        fixture = new FixtureState(state);
        DESKTOP.launchGtkFixture(state, "MCP Fixture", 200, 150);
        fixture.await("layout", e -> e.get("button").get(0).asInt() > 150);
        fixture.awaitSettledLayout(java.time.Duration.ofMillis(500)); // the clicks aim at the placed window
    }

    @AfterAll
    static void stopDaemon() {
        Cli.stopDaemonOf(DESKTOP);
    }

    @Test
    void anSdkClientListsAndCallsToolsWithRealEffects() throws Exception {
        Path typed = DESKTOP.runtimeDir().resolve("typed.txt");
        int clicksBefore = (int) fixture.events().stream().filter(e -> e.get("event").asString().equals("clicked"))
                .count();
        ArrayNode plan = Json.mapper().createArrayNode();
        step(plan, "listAll");
        step(plan, "validateInputSchemas");
        call(plan, "screenshot", Json.object());
        call(plan, "list-windows", Json.object());
        call(plan, "click", Json.object().put("target", fixture.centreOf("button")));
        ObjectNode open = Json.object().put("name", "mcp-e2e");
        open.putArray("command").add("sh").add("-c").add("exec cat > '" + typed + "'");
        call(plan, "term_open", open);
        ObjectNode keys = Json.object().put("session", "mcp-e2e");
        keys.putArray("keys").add("h").add("i").add("Space").add("m").add("c").add("p").add("Enter");
        call(plan, "term_keys", keys);
        call(plan, "no_such_tool", Json.object());
        call(plan, "click", Json.object());
        call(plan, "screenshot", Json.object().put("quality", "abc"));
        step(plan, "ping");
        ObjectNode eof = Json.object().put("session", "mcp-e2e");
        eof.putArray("keys").add("C-d");
        call(plan, "term_keys", eof);
        call(plan, "term_attach", Json.object().put("session", "mcp-e2e"));
        step(plan, "ping");

        JsonNode report = runClient(plan);
        JsonNode steps = report.get("steps");
        for (int i = 0; i < steps.size(); i++) {
            if (i != 7) {
                assertThat(steps.get(i).get("ok").asBoolean()).as("step %s: %s", i, steps.get(i)).isTrue();
            }
        }
        assertThat(report.get("server").get("version").get("name").asString()).isEqualTo("uictl");

        // every command is a tool, and every input schema compiles (Ajv, strict)
        List<String> expected = UictlRun.app().dispatcher().registry().specs().stream()
                .map(s -> s.name().replace(' ', '_')).toList();
        assertThat(steps.get(0).get("result").get("tools")).extracting(t -> t.get("name").asString())
                .containsExactlyElementsOf(expected);
        assertThat(steps.get(1).get("result").get("failures")).isEmpty();
        assertThat(steps.get(1).get("result").get("checked").asInt()).isEqualTo(expected.size());

        // screenshot: an image the model can see, the size of the root window
        JsonNode shot = steps.get(2).get("result");
        JsonNode image = shot.get("content").get(1);
        assertThat(image.get("type").asString()).isEqualTo("image");
        assertThat(image.get("mimeType").asString()).isEqualTo("image/png");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image.get("data")
                .asString())));
        String root = ExternalTool.run(DESKTOP.env(), "xwininfo", "-root").text();
        assertThat(root).contains("Width: " + png.getWidth()).contains("Height: " + png.getHeight());
        assertThat(shot.get("structuredContent").get("data").get("width").asInt()).isEqualTo(png.getWidth());

        // list-windows sees the fixture, as xdotool does
        assertThat(steps.get(3).get("result").get("structuredContent").get("data").get("windows"))
                .extracting(w -> w.path("title").asString()).contains("MCP Fixture");
        assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "search", "--name", "^MCP Fixture$").text().strip())
                .isNotEmpty();

        // click: the fixture recorded exactly one more click
        fixture.await("clicked", c -> c.get("count").asInt() == clicksBefore + 1);

        // term open + term keys: the program under the PTY wrote what the keys typed
        assertThat(steps.get(6).get("result").get("isError").asBoolean()).isFalse();
        awaitFile(typed, "hi mcp\n");

        // errors: an unknown tool is a JSON-RPC error; bad arguments are tool errors with our code and hint
        assertThat(steps.get(7).get("error").get("code").asInt()).isEqualTo(-32602);
        JsonNode missing = steps.get(8).get("result");
        assertThat(missing.get("isError").asBoolean()).isTrue();
        assertThat(missing.get("structuredContent").get("error").get("code").asString())
                .isEqualTo("MISSING_REQUIRED");
        JsonNode invalid = steps.get(9).get("result").get("structuredContent").get("error");
        assertThat(invalid.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(invalid.get("hint").asString()).contains("uictl screenshot --help");
        // a command that cannot run inside a call is listed, says so, and its call is refused; the server goes on
        assertThat(steps.get(0).get("result").get("tools")).filteredOn(t -> t.get("name").asString()
                .equals("term_attach")).singleElement().extracting(t -> t.get("description").asString())
                .asString().startsWith("Not callable over MCP (it is interactive");
        JsonNode attach = steps.get(12).get("result");
        assertThat(attach.get("isError").asBoolean()).isTrue();
        assertThat(attach.get("structuredContent").get("error").get("details").get("kind").asString())
                .isEqualTo("not_nestable");
        assertThat(steps.get(13).get("ok").asBoolean()).isTrue();

        // the session the MCP client opened lives in the daemon the command line talks to
        Cli cli = new Cli("c", DESKTOP.runtimeDir());
        JsonNode sessions = Json.parse(cli.run(DESKTOP.env(), "", "term", "list").stdout()).get("data");
        assertThat(sessions.toString()).contains("mcp-e2e");
        cli.run(DESKTOP.env(), "", "term", "close", "mcp-e2e");
    }

    /**
     * The tools of every capability that landed after the first MCP server, each with its own oracle: a ref from
     * `find` clicked (the fixture's click record), tmux (the pane's own capture), a sandboxed `exec` and `term_open`
     * (the artifacts written; the program's pid namespace in /proc), `run` + `trace` (run.json, the page's steps) and
     * `watch` (its summary).
     */
    @Test
    void theToolsOfEveryLaterCapabilityWorkThroughTheSdkClient() throws Exception {
        Path work = Files.createDirectories(DESKTOP.runtimeDir().resolve("mcp-capabilities"));
        Path sandboxDir = Files.createDirectories(work.resolve("sandboxed"));
        Path tmuxSocket = work.resolve("tmux.sock");
        int clicksBefore = (int) fixture.events().stream().filter(e -> e.get("event").asString().equals("clicked"))
                .count();
        ArrayNode plan = Json.mapper().createArrayNode();
        call(plan, "snapshot", Json.object().put("window", "title=\"MCP Fixture\"").put("interactive", true));
        call(plan, "find", Json.object().put("role", "button").put("name", "Press me").put("first", true));
        call(plan, "click", Json.object().put("target", "$1.structuredContent.data.elements.0.ref_id"));
        ObjectNode spawn = Json.object().put("session", "mcp-tmux").put("socket-path", tmuxSocket.toString());
        spawn.putArray("pane-cmd").add("cat");
        call(plan, "tmux_spawn", spawn);
        call(plan, "tmux_send", Json.object().put("session", "mcp-tmux").put("socket-path", tmuxSocket.toString())
                .put("msg", "hello from mcp"));
        ObjectNode exec = Json.object().put("artifacts", work.resolve("exec").toString())
                .put("cwd", sandboxDir.toString());
        exec.putArray("allow-read").add(sandboxDir.toString());
        exec.putArray("allow-exec").add("/usr/bin/printf");
        exec.putArray("command").add("/usr/bin/printf").add("mcp-exec");
        call(plan, "exec", exec);
        call(plan, "run", Json.object().put("scenario", Cli.HOME.resolve("examples/scenarios/echo.json").toString())
                .put("artifacts", work.resolve("run").toString()));
        call(plan, "trace", Json.object().put("artifacts", work.resolve("run").toString())
                .put("output", work.resolve("trace.html").toString()));
        ObjectNode confined = Json.object().put("name", "mcp-sandboxed").put("sandbox", "bwrap")
                .put("cwd", sandboxDir.toString());
        confined.putArray("allow-read").add(sandboxDir.toString());
        confined.putArray("allow-exec").add("/usr/bin/cat");
        confined.putArray("command").add("/usr/bin/cat");
        call(plan, "term_open", confined);
        call(plan, "watch", Json.object().put("duration", 300));
        // over the default result cap: answered cut, and the SDK validates the cut envelope against outputSchema
        call(plan, "term_screen", Json.object().put("session", "mcp-sandboxed").put("cells", "full"));
        ObjectNode read = plan.addObject().put("op", "request").put("method", "resources/read");
        read.putObject("params").put("uri", "$10.content.1.uri");

        JsonNode steps = runClient(plan).get("steps");
        for (int i = 0; i < steps.size(); i++) {
            assertThat(steps.get(i).get("ok").asBoolean()).as("step %s: %s", i, steps.get(i)).isTrue();
            assertThat(steps.get(i).get("result").path("isError").asBoolean(false)).as("step %s: %s", i, steps.get(i))
                    .isFalse(); // resources/read (the last step) is not a tool result: no isError
        }
        // snapshot: the fixture's button with a ref; find's ref, clicked: the fixture counted one more click
        assertThat(steps.get(0).get("result").get("structuredContent").toString()).contains("\"Press me\"")
                .contains("ref_id");
        fixture.await("clicked", c -> c.get("count").asInt() == clicksBefore + 1);
        // tmux: the pane shows the message, as tmux itself captures it
        Poll.until("the tmux pane shows the message", () -> ExternalTool.run(DESKTOP.env(), "tmux", "-S",
                tmuxSocket.toString(), "capture-pane", "-p", "-t", "mcp-tmux").text().contains("hello from mcp"));
        // exec: a passed run whose transcript holds the program's output
        assertThat(Json.parse(Files.readString(work.resolve("exec/run.json"))).get("status").asString())
                .isEqualTo("passed");
        assertThat(Files.readString(work.resolve("exec/transcript.log"))).contains("mcp-exec");
        // run + trace: the scenario passed on disk, and the page shows its steps
        assertThat(Json.parse(Files.readString(work.resolve("run/run.json"))).get("status").asString())
                .isEqualTo("passed");
        assertThat(Files.readString(work.resolve("trace.html"))).contains("type-hello").contains("eof");
        // term_open under a policy: the program runs in a pid namespace of its own
        long pid = steps.get(8).get("result").get("structuredContent").get("data").get("pid").asLong();
        assertThat(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("NSpid:")).findFirst().orElseThrow().split("\\s+"))
                .as("NSpid: the host pid and the sandbox's").hasSize(3);
        // watch: bounded by its duration
        assertThat(steps.get(9).get("result").get("structuredContent").get("data").get("summary").get("ended")
                .asString()).isEqualTo("duration");
        // the cut screen says so first and keeps the screen's lines whole
        JsonNode cut = steps.get(10).get("result");
        assertThat(cut.get("content").get(0).get("text").asString()).startsWith("Result cut to fit the host");
        assertThat(cut.get("structuredContent").get("data").get("lines")).hasSize(24);
        // and its whole envelope is the resource it links, read by the client: every cell of the 24x80 screen
        JsonNode whole = Json.parse(steps.get(11).get("result").get("contents").get(0).get("text").asString());
        assertThat(whole.get("data").get("cells")).hasSize(24).allSatisfy(row -> assertThat(row).hasSize(80));

        Cli cli = new Cli("c", DESKTOP.runtimeDir());
        cli.run(DESKTOP.env(), "", "term", "close", "mcp-sandboxed");
        ExternalTool.run(DESKTOP.env(), "tmux", "-S", tmuxSocket.toString(), "kill-server");
    }

    /**
     * Issue 12: notifications/cancelled from the official client reaches a long call's wait. The oracle is the
     * fixture's own key log: typing 40,000 characters stops soon after the client aborts the call, far short of
     * the text, and the daemon keeps answering.
     */
    @Test
    void aCallTheClientCancelsStopsTypingInTheDaemon() throws Exception {
        int total = 40_000;
        ArrayNode plan = Json.mapper().createArrayNode();
        // Focus on the button: the window logs every key, and no entry re-lays out a growing text per key.
        call(plan, "click", Json.object().put("target", fixture.centreOf("button")));
        ObjectNode cancelled = plan.addObject();
        cancelled.put("op", "callThenCancel");
        cancelled.put("name", "type");
        // 1 ms between keys: typing takes at least 40 s, so the cancel after 1.5 s lands mid-way however fast the
        // X server takes keys (without a delay a quiet machine typed 28,800 before the cancel arrived)
        cancelled.set("arguments", Json.object().put("text", "q".repeat(total)).put("delay", 1));
        cancelled.put("cancelAfterMs", 1500);
        call(plan, "list-windows", Json.object());

        JsonNode steps = runClient(plan).get("steps");
        JsonNode ended = steps.get(1).get("result");
        assertThat(ended.get("cancelled").asBoolean()).as(ended.toString()).isTrue();
        assertThat(steps.get(2).get("result").get("isError").asBoolean()).as("the daemon still answers").isFalse();

        // Typing stopped: once the fixture has drained the keys already queued for it, its count of q keys stays
        // put, well short of the text.
        long[] last = {-1};
        Poll.until("the fixture's key log settles (" + steps + ")", Duration.ofSeconds(90), () -> {
            long now = typedQs();
            boolean settled = now == last[0];
            last[0] = now;
            return settled && !Poll.holdsWithin(Duration.ofMillis(2000), () -> typedQs() != now);
        });
        assertThat(last[0]).as("keys typed before the cancel arrived; steps %s; events %s", steps,
                        fixture.events().stream().map(e -> e.get("event").asString() + ":" + e.path("name").asString(""))
                                .distinct().toList())
                .isPositive().isLessThan(total / 2);
    }

    /**
     * Issue 27: the same SDK over Streamable HTTP against `uictl mcp --http` in the daemon — a desktop tool
     * (list-windows, as xdotool sees it), an accessibility tool (find, then click its ref: the fixture's click record),
     * a terminal tool (term_open + term_keys: the file the program wrote), progress during a wait, a cancelled wait,
     * and a reconnect: the old session is gone (404), the new one has its own refs namespace (the old ref is unknown
     * there), and the terminal session is still the daemon's.
     */
    @Test
    void anSdkClientOverStreamableHttpRunsASession() throws Exception {
        Path config = DESKTOP.runtimeDir().resolve("http-config");
        Map<String, String> env = new java.util.HashMap<>(DESKTOP.env());
        env.put("XDG_CONFIG_HOME", config.toString());
        Path typed = DESKTOP.runtimeDir().resolve("typed-http.txt");
        int clicksBefore = (int) fixture.events().stream().filter(e -> e.get("event").asString().equals("clicked"))
                .count();
        try (HttpServerProcess server = HttpServerProcess.start(new Cli("c", DESKTOP.runtimeDir()), env)) {
            String token = HttpServerProcess.token(config);
            ArrayNode plan = Json.mapper().createArrayNode();
            call(plan, "list-windows", Json.object());
            call(plan, "find", Json.object().put("role", "button").put("name", "Press me").put("first", true));
            call(plan, "click", Json.object().put("target", "$1.structuredContent.data.elements.0.ref_id"));
            ObjectNode open = Json.object().put("name", "mcp-http");
            // the keys' answer waits up to --settle-max (2 s) for sh to wait for input again: the sleep outlasts it,
            // so the term_wait after it still runs for seconds
            open.putArray("command").add("sh").add("-c")
                    .add("read go; sleep 4.5; echo ready; exec cat > '" + typed + "'");
            call(plan, "term_open", open);
            ObjectNode go = Json.object().put("session", "mcp-http");
            go.putArray("keys").add("Enter");
            call(plan, "term_keys", go);
            ObjectNode wait = Json.object().put("session", "mcp-http").put("text", "ready").put("timeout", 20000);
            call(plan, "term_wait", wait);
            ((ObjectNode) plan.get(5)).put("progress", true);
            ObjectNode keys = Json.object().put("session", "mcp-http");
            keys.putArray("keys").add("h").add("t").add("t").add("p").add("Enter");
            call(plan, "term_keys", keys);
            ObjectNode cancelled = plan.addObject().put("op", "callThenCancel").put("name", "term_wait")
                    .put("cancelAfterMs", 1000);
            cancelled.set("arguments", Json.object().put("session", "mcp-http").put("text", "never shown")
                    .put("timeout", 60000));
            step(plan, "reconnect");
            call(plan, "click", Json.object().put("target", "$1.structuredContent.data.elements.0.ref_id"));
            call(plan, "term_list", Json.object());

            JsonNode steps = runClient(plan, Map.of("UICTL_TOKEN", token), "--http", server.mcp().toString())
                    .get("steps");
            for (int i = 0; i < steps.size(); i++) {
                assertThat(steps.get(i).get("ok").asBoolean()).as("step %s: %s", i, steps.get(i)).isTrue();
            }
            assertThat(steps.get(0).get("result").get("structuredContent").get("data").get("windows"))
                    .extracting(w -> w.path("title").asString()).contains("MCP Fixture");
            fixture.await("clicked", c -> c.get("count").asInt() == clicksBefore + 1);
            JsonNode waited = steps.get(5).get("result");
            assertThat(waited.get("result").get("isError").asBoolean()).as(waited.toString()).isFalse();
            assertThat(waited.get("progress")).as("a heartbeat a second during the wait").isNotEmpty();
            awaitFile(typed, "http\n");
            JsonNode ended = steps.get(7).get("result");
            assertThat(ended.get("cancelled").asBoolean()).as(ended.toString()).isTrue();
            assertThat(ended.get("elapsedMs").asLong()).isLessThan(30_000);
            JsonNode sessions = steps.get(8).get("result");
            assertThat(sessions.get("after").asString()).isNotEqualTo(sessions.get("before").asString());
            JsonNode staleRef = steps.get(9).get("result").get("structuredContent").get("error");
            assertThat(staleRef.get("code").asString()).as("the new session's refs are its own")
                    .isEqualTo("SNAPSHOT_NOT_FOUND");
            assertThat(steps.get(10).get("result").get("structuredContent").toString()).contains("mcp-http");
            // the old session ended with the client's DELETE
            HttpServerProcess.Reply old = HttpServerProcess.exchange(server.mcp(), "POST", "/mcp",
                    Map.of("Authorization", "Bearer " + token, "Mcp-Session-Id", sessions.get("before").asString()),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8));
            assertThat(old.status()).isEqualTo(404);

            // GET /v1/events: watch as SSE; the checkbox the command line toggles shows as its state event
            try (HttpClient http = HttpClient.newHttpClient()) {
                HttpResponse<java.util.stream.Stream<String>> events = http.send(HttpRequest.newBuilder(
                                server.resolve("/v1/events?events=state&count=1&duration=15000"))
                        .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofLines());
                java.util.Iterator<String> lines = events.body().iterator();
                List<String> seen = new ArrayList<>();
                while (seen.stream().noneMatch(l -> l.contains("\"started\""))) {
                    seen.add(lines.next()); // act only once the watch is subscribed
                }
                new Cli("c", DESKTOP.runtimeDir()).run(DESKTOP.env(), "", "click", fixture.centreOf("check"));
                while (!seen.getLast().equals("event: result")) {
                    seen.add(lines.next());
                }
                seen.add(lines.next());
                JsonNode summary = Json.parse(seen.getLast().substring("data: ".length())).get("data").get("summary");
                assertThat(summary.get("ended").asString()).as(seen.toString()).isEqualTo("count");
                assertThat(seen).as("the state event, an SSE event of its own")
                        .anyMatch(l -> l.startsWith("data: ") && l.contains("\"Enable feature\""));
            }
            assertThat(server.stderr()).doesNotContain(token);
        } finally {
            new Cli("c", DESKTOP.runtimeDir()).run(DESKTOP.env(), "", "term", "close", "mcp-http");
        }
    }

    private static long typedQs() {
        return fixture.events().stream().filter(e -> e.get("event").asString().equals("key")
                && e.path("name").asString("").equals("q")).count();
    }

    private static void step(ArrayNode plan, String op) {
        plan.addObject().put("op", op);
    }

    private static void call(ArrayNode plan, String tool, ObjectNode arguments) {
        ObjectNode s = plan.addObject();
        s.put("op", "call");
        s.put("name", tool);
        s.set("arguments", arguments);
    }

    private static JsonNode runClient(ArrayNode plan) throws Exception {
        return runClient(plan, Map.of(), "--", Cli.HOME.resolve("bin/uictl").toString(), "mcp", "--tools", "all",
                "--full");
    }

    /** The SDK client with {@code transport}: "--" and the server's command line, or "--http" and a URL. */
    private static JsonNode runClient(ArrayNode plan, Map<String, String> env, String... transport)
            throws Exception {
        Path planFile = DESKTOP.runtimeDir().resolve("plan.json");
        Files.writeString(planFile, Json.write(plan));
        List<String> cmd = new ArrayList<>(List.of("node", "client.mjs", planFile.toString()));
        cmd.addAll(List.of(transport));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(CLIENT_DIR.toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("UICTL_FORMAT");
        pb.environment().put("UICTL_CLIENT", "c");
        pb.environment().putAll(DESKTOP.env());
        pb.environment().putAll(env);
        Process p = pb.start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        String out = read(p.getInputStream());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the MCP client finished").isTrue();
        assertThat(p.exitValue()).as("client exit; stderr:%n%s", err.join()).isZero();
        return Json.parse(out);
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static void awaitFile(Path file, String content) {
        Poll.until(file + " reading " + content, Duration.ofSeconds(20), () -> {
            try {
                return Files.exists(file) && Files.readString(file).equals(content);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Whether `node` runs here. */
    private static boolean nodeRuns() {
        try {
            return ExternalTool.run(Map.of(), "node", "--version").exit() == 0;
        } catch (java.io.UncheckedIOException e) {
            return false;
        }
    }
}
