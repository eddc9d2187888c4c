package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * `uictl mcp --http` refuses what it must before anything runs. Each refused request asks the daemon to start a
 * terminal program that creates a file; the oracle that nothing ran is that file's absence, after the same request
 * with the right credentials has been seen to create its own file. Statuses are read off the wire (raw HTTP/1.1, so
 * the Host header is exactly what the test sends).
 */
@Tag("e2e")
class McpHttpSecurityTest {
    @TempDir
    static Path dir;
    private static Cli cli;
    private static Map<String, String> env;
    private static HttpServerProcess server;
    private static String token;
    private static int calls;

    @BeforeAll
    static void start() throws Exception {
        Cli.requireBuilt();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        cli = new Cli("c", Files.createDirectories(dir.resolve("run")));
        env = Map.of("XDG_CONFIG_HOME", dir.resolve("config").toString());
        server = HttpServerProcess.start(cli, env);
        token = HttpServerProcess.token(dir.resolve("config"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        Cli.stopAndRemove(dir.resolve("run"));
    }

    @Test
    void everyRefusalHasItsStatusAndRunsNothing() throws Exception {
        String bearer = "Bearer " + token;
        // The positive control: with the token the same kind of request runs and its file appears
        Path ran = touchCall(Map.of("Authorization", bearer), 200);
        Poll.until(ran + " created by an authorised call", Duration.ofSeconds(20), () -> Files.exists(ran));

        List<Path> refused = List.of(
                touchCall(Map.of(), 401),
                touchCall(Map.of("Authorization", "Bearer " + "x".repeat(token.length())), 401),
                touchCall(Map.of("Authorization", "Basic " + token), 401),
                touchCall(Map.of("Authorization", bearer, "Origin", "http://evil.example"), 403),
                touchCall(Map.of("Authorization", bearer, "Host", "evil.example:" + server.mcp().getPort()), 421),
                touchCall(Map.of("Authorization", bearer, "Host", "evil.example"), 421));
        // 4 MiB + 1: a valid call padded past the limit
        Path big = dir.resolve("touched-big");
        ObjectNode call = touch(big).put("padding", "");
        call.put("padding", "p".repeat((4 << 20) + 1 - Json.write(call).length()));
        byte[] body = Json.write(call).getBytes(StandardCharsets.UTF_8);
        assertThat(body.length).isEqualTo((4 << 20) + 1);
        HttpServerProcess.Reply tooBig = HttpServerProcess.exchange(server.mcp(), "POST", "/v1/call",
                Map.of("Authorization", bearer), body);
        assertThat(tooBig.status()).isEqualTo(413);

        // `term open` answers once its program runs, so a refused call that had run would be listed by now
        assertThat(cli.run(env, "", "term", "list").envelope().get("data").get("sessions"))
                .extracting(t -> t.get("name").asString()).containsExactly("http-sec-" + ran.getFileName());
        cli.run(env, "", "term", "close", "http-sec-" + ran.getFileName());
        for (Path p : refused) {
            assertThat(p).as("a refused request ran nothing").doesNotExist();
        }
        assertThat(big).doesNotExist();
        assertThat(server.stderr()).as("the token never reaches a log").doesNotContain(token);
    }

    @Test
    void theMcpEndpointChecksSessionAndProtocolVersion() throws Exception {
        Map<String, String> auth = Map.of("Authorization", "Bearer " + token, "Accept",
                "application/json, text/event-stream");
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        assertThat(post(auth, ping).status()).as("no session").isEqualTo(400);
        HttpServerProcess.Reply init = post(auth, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertThat(init.status()).isEqualTo(200);
        String session = init.header("Mcp-Session-Id");
        assertThat(session).matches("[\\x21-\\x7e]{40,}");
        Map<String, String> inSession = Map.of("Authorization", "Bearer " + token, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25");
        assertThat(post(inSession, ping).body()).contains("\"result\":{}");
        assertThat(post(Map.of("Authorization", "Bearer " + token, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "1999-01-01"), ping).status()).as("bad version").isEqualTo(400);
        assertThat(post(Map.of("Authorization", "Bearer " + token, "Mcp-Session-Id", "nope"), ping).status())
                .as("unknown session").isEqualTo(404);
        assertThat(post(inSession, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").status())
                .isEqualTo(202);
        assertThat(post(inSession, "{not json").status()).isEqualTo(400);
        assertThat(HttpServerProcess.exchange(server.mcp(), "DELETE", "/mcp", inSession, null).status())
                .isEqualTo(200);
        assertThat(post(inSession, ping).status()).as("an ended session").isEqualTo(404);
    }

    @Test
    void aClientSendingOneByteASecondIsCutOff() throws Exception {
        long started = System.nanoTime();
        try (Socket s = new Socket(server.mcp().getHost(), server.mcp().getPort())) {
            s.setSoTimeout(1000);
            OutputStream out = s.getOutputStream();
            out.write(("POST /v1/call HTTP/1.1\r\nHost: " + server.mcp().getHost() + ":" + server.mcp().getPort()
                    + "\r\nAuthorization: Bearer " + token + "\r\nContent-Length: 60\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            assertThat(cutOffWithin(s, 40)).as("the body trickles in at 1 byte/s: cut off").isTrue();
        }
        // allowed: 10 s grace + 60 bytes at 1 KiB/s
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        try (Socket s = new Socket(server.mcp().getHost(), server.mcp().getPort())) {
            s.setSoTimeout(1000);
            s.getOutputStream().write("GET /mcp HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(cutOffWithin(s, 40)).as("a request head that never ends: cut off").isTrue();
        }
    }

    @Test
    void theTokenFileIsTheOwnersAlone() throws Exception {
        Path file = dir.resolve("config/uictl/http-token");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        OtherUser.require();
        Cli.Result read = OtherUser.run(List.of("cat", file.toString()), Map.of(), true);
        assertThat(read.exit()).isNotZero();
        assertThat(read.stdout()).doesNotContain(token);
        // `mcp token` prints the same token; --rotate replaces it in place
        assertThat(cli.run(env, "", "mcp", "token").envelope().get("data").get("token").asString()).isEqualTo(token);
    }

    @Test
    void anAddressOffLoopbackNeedsTls() {
        Cli.Result r = cli.run(env, "", "mcp", "--http", "0.0.0.0:0");
        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.envelope().get("error").get("hint").asString()).contains("--tls-cert").contains("--tls-proxy");
    }

    /** POSTs a term_open of `sh -c "touch FILE"` to /v1/call and checks the status; returns the file. */
    private static Path touchCall(Map<String, String> headers, int status) throws IOException {
        Path file = dir.resolve("touched-" + (++calls));
        HttpServerProcess.Reply r = HttpServerProcess.exchange(server.mcp(), "POST", "/v1/call", headers,
                Json.write(touch(file)).getBytes(StandardCharsets.UTF_8));
        assertThat(r.status()).as("%s → %s", headers.keySet(), r.body()).isEqualTo(status);
        assertThat(r.body()).doesNotContain(token);
        return file;
    }

    private static ObjectNode touch(Path file) {
        ObjectNode args = Json.object().put("name", "http-sec-" + file.getFileName());
        args.putArray("command").add("/bin/sh").add("-c").add("touch '" + file + "'; exec sleep 60");
        ObjectNode call = Json.object().put("command", "term open");
        call.set("args", args);
        return call;
    }

    private static HttpServerProcess.Reply post(Map<String, String> headers, String body) throws IOException {
        return HttpServerProcess.exchange(server.mcp(), "POST", "/mcp", headers,
                body.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends one byte a second until the server closes the connection (true) or {@code seconds} pass (false). */
    private static boolean cutOffWithin(Socket s, int seconds) throws IOException {
        InputStream in = s.getInputStream();
        for (int i = 0; i < seconds; i++) {
            try {
                s.getOutputStream().write('a');
                s.getOutputStream().flush();
            } catch (IOException e) {
                return true; // reset by the server
            }
            try {
                if (in.read() < 0) {
                    return true;
                }
                // a status line (408) before the close is a cut-off too
                in.readAllBytes();
                return true;
            } catch (java.net.SocketTimeoutException e) {
                // still open: next byte
            } catch (IOException e) {
                return true;
            }
        }
        return false;
    }
}
