package dev.uictl.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlRun;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * `uictl mcp token` and the ways `uictl mcp --http` refuses to start, in-process: the token file read back from
 * disk is the oracle for what the command printed and rotated.
 */
class McpTokenTest {
    @TempDir
    Path config;

    @Test
    void theTokenIsCreatedOnceAndRotatedOnRequest() throws Exception {
        Path file = config.resolve("uictl/http-token");
        JsonNode first = token();
        assertThat(first.get("path").asString()).isEqualTo(file.toString());
        assertThat(Files.readString(file).strip()).isEqualTo(first.get("token").asString());
        assertThat(Base64.getUrlDecoder().decode(first.get("token").asString())).as("256 bits").hasSize(32);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(token().get("token").asString()).as("printed again, not replaced")
                .isEqualTo(first.get("token").asString());

        JsonNode rotated = data(UictlRun.run(env(), "", "mcp", "token", "--rotate"));
        assertThat(rotated.get("rotated").asBoolean()).isTrue();
        assertThat(rotated.get("token").asString()).isNotEqualTo(first.get("token").asString())
                .isEqualTo(Files.readString(file).strip());
    }

    @Test
    void aTokenFileOthersCanReadIsRefused() throws Exception {
        Path file = Files.createDirectories(config.resolve("uictl")).resolve("http-token");
        Files.writeString(file, "a".repeat(43), StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        JsonNode e = ContractAssert.envelope(UictlRun.run(env(), "", "mcp", "token"));
        assertThat(e.get("error").get("code").asString()).isEqualTo("PERMISSION_DENIED");
        assertThat(e.toString()).doesNotContain("a".repeat(43));
        JsonNode serve = ContractAssert.envelope(UictlRun.run(env(), "", "mcp", "--http", "127.0.0.1:0"));
        assertThat(serve.get("error").get("code").asString()).as("no server with a shared token")
                .isEqualTo("PERMISSION_DENIED");
    }

    @Test
    void aConfigDirectoryThatCannotHoldTheTokenIsAnIoError() throws Exception {
        Files.writeString(config.resolve("uictl"), "a file where the directory goes");
        JsonNode e = ContractAssert.envelope(UictlRun.run(env(), "", "mcp", "token"));
        assertThat(e.get("error").get("code").asString()).isEqualTo("IO_ERROR");
    }

    @Test
    void mcpHttpRefusesWhatItCannotServeSafely() throws Exception {
        assertThat(code("mcp", "--http", "0.0.0.0:0")).as("not loopback, no TLS").isEqualTo("INVALID_ARGS");
        assertThat(code("mcp", "--http", "127.0.0.1:http")).isEqualTo("INVALID_ARGS");
        assertThat(code("mcp", "--http", "127.0.0.1:0", "--tls-cert", "cert.pem")).isEqualTo("MISSING_REQUIRED");
        assertThat(code("mcp", "--http", "127.0.0.1:0", "--tls-cert", "nope.pem", "--tls-key", "nope.pem"))
                .isEqualTo("IO_ERROR");
        assertThat(code("mcp", "--http", "127.0.0.1:0", "--jwks", "jwks.json")).as("no issuer, no audience")
                .isEqualTo("MISSING_REQUIRED");
        Path notJwks = Files.writeString(config.resolve("jwks.json"), "{\"keys\": 3}");
        assertThat(code("mcp", "--http", "127.0.0.1:0", "--jwks", notJwks.toString(), "--jwt-issuer", "i",
                "--jwt-audience", "a")).isEqualTo("INVALID_ARGS");
        try (ServerSocket busy = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(code("mcp", "--http", "127.0.0.1:" + busy.getLocalPort())).as("port in use")
                    .isEqualTo("IO_ERROR");
        }
    }

    private String code(String... argv) {
        return ContractAssert.envelope(UictlRun.run(env(), "", argv)).get("error").get("code").asString();
    }

    private JsonNode token() {
        return data(UictlRun.run(env(), "", "mcp", "token"));
    }

    private static JsonNode data(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        return e.get("data");
    }

    private Map<String, String> env() {
        return Map.of("XDG_CONFIG_HOME", config.toString());
    }
}
