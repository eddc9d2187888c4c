package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.uictl.app.ExternalTool;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * `uictl mcp --http` through the C client and the daemon, read off the wire (raw HTTP/1.1, so the Host header is
 * exactly what the test sends). Security: each refused request asks the daemon to start a terminal program that
 * creates a file; the oracle that nothing ran is that file's absence and the daemon's session list, after the same
 * request with the right credentials has been seen to create its own. Also: the MCP endpoint's session rules, the
 * sessionless revision 2026-07-28 (closing its stream ends the program the call started, seen in /proc), the
 * envelope API against the CLI, and TLS.
 */
@Tag("e2e")
class McpHttpServerEndToEndTest {
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

    @Test
    void theSessionlessRevisionAnswersEachRequestOnItsOwn() throws Exception {
        JsonNode discover = modern("server/discover", null, Json.object()).json();
        assertThat(discover.get("result").get("supportedVersions")).extracting(JsonNode::asString)
                .startsWith("2026-07-28", "2025-11-25");
        assertThat(discover.get("result").get("_meta").get("io.modelcontextprotocol/serverInfo").get("name")
                .asString()).isEqualTo("uictl");
        HttpServerProcess.Reply call = modern("tools/call", "version", Json.object().put("name", "version"));
        assertThat(call.status()).isEqualTo(200);
        assertThat(call.json().get("result").get("resultType").asString()).isEqualTo("complete");
        assertThat(call.json().get("result").get("structuredContent").get("command").asString()).isEqualTo("version");
        assertThat(call.header("Mcp-Session-Id")).as("no sessions in this revision").isNull();

        HttpServerProcess.Reply wrongName = modern("tools/call", "list-windows", Json.object().put("name", "version"));
        assertThat(wrongName.status()).isEqualTo(400);
        assertThat(wrongName.json().get("error").get("code").asInt()).as("HeaderMismatch").isEqualTo(-32020);
        HttpServerProcess.Reply encoded = modern("tools/call", "=?base64?dmVyc2lvbg==?=",
                Json.object().put("name", "version"));
        assertThat(encoded.status()).as("a Base64-encoded Mcp-Name is decoded first").isEqualTo(200);
        HttpServerProcess.Reply unknown = modern("foo/bar", null, Json.object());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("error").get("code").asInt()).isEqualTo(-32601);
        HttpServerProcess.Reply noMeta = HttpServerProcess.exchange(server.mcp(), "POST", "/mcp",
                Map.of("Authorization", "Bearer " + token, "MCP-Protocol-Version", "2026-07-28", "Mcp-Method",
                        "tools/list"), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}"
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(noMeta.status()).isEqualTo(400);
        assertThat(noMeta.json().get("error").get("code").asInt()).isEqualTo(-32602);
        HttpServerProcess.Reply old = HttpServerProcess.exchange(server.mcp(), "POST", "/mcp",
                Map.of("Authorization", "Bearer " + token, "MCP-Protocol-Version", "1900-01-01"),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(old.status()).isEqualTo(400);
        assertThat(old.json().get("error").get("code").asInt()).as("UnsupportedProtocolVersion").isEqualTo(-32022);
        assertThat(old.json().get("error").get("data").get("requested").asString()).isEqualTo("1900-01-01");

        // A legacy client asking initialize for 2026-07-28 gets the newest revision that has initialize, and no
        // server/discover in its session (how a dual-era client tells the eras apart)
        HttpServerProcess.Reply init = post(Map.of("Authorization", "Bearer " + token), "{\"jsonrpc\":\"2.0\","
                + "\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2026-07-28\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertThat(init.json().get("result").get("protocolVersion").asString()).isEqualTo("2025-11-25");
        HttpServerProcess.Reply legacyDiscover = post(Map.of("Authorization", "Bearer " + token, "Mcp-Session-Id",
                init.header("Mcp-Session-Id")), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\"}");
        assertThat(legacyDiscover.json().get("error").get("code").asInt()).isEqualTo(-32601);
    }

    @Test
    void closingASessionlessStreamEndsTheCall() throws Exception {
        String marker = "987." + ProcessHandle.current().pid();
        Path cwd = Files.createDirectories(dir.resolve("exec-cwd"));
        ObjectNode args = Json.object().put("cwd", cwd.toString());
        args.putArray("command").add("/usr/bin/sleep").add(marker);
        args.putArray("allow-exec").add("/usr/bin/sleep");
        args.putArray("allow-read").add(cwd.toString());
        ObjectNode body = modernBody("tools/call", Json.object().put("name", "exec").set("arguments", args));
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(server.mcp())
                .header("Authorization", "Bearer " + token).header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call").header("Mcp-Name", "exec")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        Poll.until("sleep " + marker + " runs", Duration.ofSeconds(20), () -> sleeping(marker));
        r.body().close();
        client.close();
        Poll.until("sleep " + marker + " ended with the stream", Duration.ofSeconds(20), () -> !sleeping(marker));
    }

    @Test
    void theEnvelopeApiAnswersAsTheCommandLineDoes() throws Exception {
        HttpServerProcess.Reply r = HttpServerProcess.exchange(server.mcp(), "POST", "/v1/call",
                Map.of("Authorization", "Bearer " + token), ("{\"command\":\"term close\",\"args\":{\"session\":"
                        + "\"no-such-session\"}}").getBytes(StandardCharsets.UTF_8));
        Cli.Result cli = McpHttpServerEndToEndTest.cli.run(env, "", "term", "close", "no-such-session");
        JsonNode http = r.json();
        assertThat(http.get("error").get("code").asString()).isEqualTo(cli.envelope().get("error").get("code")
                .asString()).isEqualTo("SESSION_NOT_FOUND");
        assertThat(r.header("Uictl-Exit-Code")).isEqualTo(Integer.toString(cli.exit())).isEqualTo("7");
        HttpServerProcess.Reply bad = HttpServerProcess.exchange(server.mcp(), "POST", "/v1/call",
                Map.of("Authorization", "Bearer " + token), "[1]".getBytes(StandardCharsets.UTF_8));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.header("Uictl-Exit-Code")).isEqualTo("3");
    }

    @Test
    void tlsServesWithACertificateFromPemFiles() throws Exception {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        ExternalTool.Output made = ExternalTool.run(Map.of(), "openssl", "req", "-x509", "-newkey", "rsa:2048",
                "-nodes", "-keyout", key.toString(), "-out", cert.toString(), "-subj", "/CN=localhost", "-days", "2",
                "-addext", "subjectAltName=IP:127.0.0.1");
        assertThat(made.exit()).as(made.text()).isZero();
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(cert)) {
            trust.setCertificateEntry("uictl", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        try (HttpServerProcess tls = HttpServerProcess.start(cli, env, "--tls-cert", cert.toString(), "--tls-key",
                key.toString()); HttpClient client = HttpClient.newBuilder().sslContext(ssl).build()) {
            assertThat(tls.mcp().getScheme()).isEqualTo("https");
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(tls.resolve("/v1/call"))
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"command\":\"version\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Json.parse(r.body()).get("success").asBoolean()).isTrue();
            // plain HTTP to the TLS port is not served
            assertThatThrownBy(() -> HttpServerProcess.exchange(tls.mcp(), "POST", "/v1/call",
                    Map.of("Authorization", "Bearer " + token), "{}".getBytes(StandardCharsets.UTF_8)))
                    .isInstanceOf(Exception.class);
        }
    }

    /**
     * With --jwks, a JWT the issuer signed for this audience is a bearer token too; another audience, another issuer,
     * an expired one or another key's signature is 401 and runs nothing.
     */
    @Test
    void jwtsFromTheConfiguredIssuerAreAcceptedForThisAudienceOnly() throws Exception {
        RSAKey key = new RSAKeyGenerator(2048).keyID("k1").generate();
        RSAKey stranger = new RSAKeyGenerator(2048).keyID("k1").generate();
        Path jwks = dir.resolve("jwks.json");
        Files.writeString(jwks, new JWKSet(key.toPublicJWK()).toString());
        String issuer = "https://issuer.example";
        String audience = "https://uictl.example/mcp";
        try (HttpServerProcess jwtServer = HttpServerProcess.start(cli, env, "--jwks", jwks.toString(),
                "--jwt-issuer", issuer, "--jwt-audience", audience)) {
            Path ran = touchCall(jwtServer, bearer(key, issuer, audience, 300), 200);
            Poll.until(ran + " created by a call with a good JWT", Duration.ofSeconds(20), () -> Files.exists(ran));
            List<Path> refused = List.of(
                    touchCall(jwtServer, bearer(key, issuer, "https://other.example/mcp", 300), 401),
                    touchCall(jwtServer, bearer(key, "https://other-issuer.example", audience, 300), 401),
                    touchCall(jwtServer, bearer(key, issuer, audience, -60), 401),
                    touchCall(jwtServer, bearer(stranger, issuer, audience, 300), 401));
            assertThat(cli.run(env, "", "term", "list").envelope().get("data").get("sessions"))
                    .extracting(t -> t.get("name").asString()).containsExactly("http-sec-" + ran.getFileName());
            cli.run(env, "", "term", "close", "http-sec-" + ran.getFileName());
            assertThat(refused).allSatisfy(p -> assertThat(p).doesNotExist());
        }
    }

    private static Map<String, String> bearer(RSAKey key, String issuer, String audience, long expiresInSeconds)
            throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
                new JWTClaimsSet.Builder().issuer(issuer).audience(audience).subject("agent-1")
                        .expirationTime(new java.util.Date(System.currentTimeMillis() + expiresInSeconds * 1000))
                        .build());
        jwt.sign(new RSASSASigner(key));
        return Map.of("Authorization", "Bearer " + jwt.serialize());
    }

    /** The MCP Inspector's CLI mode (mcp-test, pinned) lists the tools and calls one over Streamable HTTP. */
    @Test
    void theMcpInspectorCliListsAndCallsTools() throws Exception {
        Path inspector = Cli.HOME.resolve("mcp-test/node_modules/.bin/mcp-inspector");
        Requires.that(Files.isExecutable(inspector), "the MCP Inspector in mcp-test (scripts/setup runs npm ci)");
        JsonNode list = inspector(inspector, "--method", "tools/list");
        // the default selection (the Inspector calls only tools it was listed)
        assertThat(list.get("tools")).extracting(t -> t.get("name").asString()).contains("list-windows", "term_open",
                "snapshot", "help").doesNotContain("term_list");
        JsonNode call = inspector(inspector, "--method", "tools/call", "--tool-name", "help");
        assertThat(call.get("structuredContent").get("command").asString()).isEqualTo("help");
        assertThat(call.get("isError").asBoolean()).isFalse();
    }

    private static JsonNode inspector(Path inspector, String... method) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("node", inspector.toString(), "--cli",
                server.mcp().toString(), "--transport", "http", "--header", "Authorization: Bearer " + token));
        cmd.addAll(List.of(method));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("MCP_CATALOG_PATH", dir.resolve("inspector-catalog.json").toString());
        Cli.Result r = Cli.complete(pb, "", String.join(" ", cmd));
        assertThat(r.exit()).as("%s%n%s", r.stdout(), r.stderr()).isZero();
        return Json.parse(r.stdout());
    }

    private static HttpServerProcess.Reply modern(String method, String name, ObjectNode params) throws IOException {
        Map<String, String> headers = new java.util.HashMap<>(Map.of("Authorization", "Bearer " + token,
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method,
                "Accept", "application/json, text/event-stream"));
        if (name != null) {
            headers.put("Mcp-Name", name);
        }
        return HttpServerProcess.exchange(server.mcp(), "POST", "/mcp", headers,
                Json.write(modernBody(method, params)).getBytes(StandardCharsets.UTF_8));
    }

    private static ObjectNode modernBody(String method, ObjectNode params) {
        ObjectNode meta = params.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode body = Json.object().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        body.set("params", params);
        return body;
    }

    /** Whether a process runs `sleep MARKER`, read from /proc (not from uictl). */
    private static boolean sleeping(String marker) {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().arguments()
                .map(a -> a.length == 1 && a[0].equals(marker)).orElse(false));
    }

    /** POSTs a term_open of `sh -c "touch FILE"` to /v1/call and checks the status; returns the file. */
    private static Path touchCall(Map<String, String> headers, int status) throws IOException {
        return touchCall(server, headers, status);
    }

    private static Path touchCall(HttpServerProcess to, Map<String, String> headers, int status) throws IOException {
        Path file = dir.resolve("touched-" + (++calls));
        HttpServerProcess.Reply r = HttpServerProcess.exchange(to.mcp(), "POST", "/v1/call", headers,
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
