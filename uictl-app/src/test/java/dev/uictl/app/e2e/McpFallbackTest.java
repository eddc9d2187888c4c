package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.core.json.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * An agent host that starts `uictl mcp` where no daemon can run (here: a runtime directory too deep for a Unix
 * socket) still gets an MCP server, from a process of its own, instead of an envelope it cannot read.
 */
@Tag("e2e")
class McpFallbackTest {
    @ParameterizedTest(name = "{0} client")
    @ValueSource(strings = {"c", "java"})
    void withoutADaemonMcpIsServedInProcess(String client, @TempDir Path tmp) throws Exception {
        assumeTrue(Cli.built(), "run scripts/setup first");
        Path deep = tmp.resolve("d".repeat(60)).resolve("e".repeat(60));
        Files.createDirectories(deep);
        Files.setPosixFilePermissions(deep, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        ProcessBuilder pb = new Cli(client, deep).builder(Map.of(), "mcp");
        Path err = tmp.resolve("stderr.txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        OutputStream in = p.getOutputStream();
        in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n")
                .getBytes(StandardCharsets.UTF_8));
        in.flush();
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        in.close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(line).as("stderr: %s", Files.readString(err)).isNotNull();
        JsonNode reply = Json.parse(line);
        assertThat(reply.get("result").get("protocolVersion").asString()).isEqualTo("2025-06-18");
        assertThat(Files.readString(err)).contains("serving MCP in this process");
        assertThat(p.exitValue()).isZero();
    }
}
