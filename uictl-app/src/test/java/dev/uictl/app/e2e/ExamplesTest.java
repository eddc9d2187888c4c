package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.core.json.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The examples/ folder works as shipped: the shell loop and the Python serve client run against a private desktop
 * (their own checks make them exit non-zero on any failure), and each MCP host configuration starts a server that
 * completes an MCP initialize.
 */
@Tag("e2e")
class ExamplesTest {
    static final Path EXAMPLES = Cli.HOME.resolve("examples");

    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();

    @BeforeAll
    static void built() {
        assumeTrue(Cli.built(), "run scripts/setup first");
    }

    @AfterAll
    static void stopDaemon() {
        Cli.stopDaemonOf(DESKTOP);
    }

    @Test
    void theShellLoopRuns() throws Exception {
        String out = run(EXAMPLES.resolve("agent-loop.sh").toString());
        assertThat(out).contains("terminal: python printed 45")
                .contains("error: exit 7, \"code\":\"SESSION_NOT_FOUND\"")
                .contains("desktop: the program read the typed line");
    }

    @Test
    void thePythonServeClientRuns() throws Exception {
        String out = run(PrivateDesktopExtension.SYSTEM_PYTHON, EXAMPLES.resolve("serve_client.py").toString());
        assertThat(out).contains("terminal: python printed 42").contains("error: SESSION_NOT_FOUND; hint: ")
                .contains("desktop: 1280x800, ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"claude-code.mcp.json", "claude_desktop_config.json", "vscode.mcp.json",
            "cursor.mcp.json"})
    void eachHostConfigurationStartsAnMcpServer(String file) throws Exception {
        JsonNode config = Json.parse(Files.readString(EXAMPLES.resolve("mcp").resolve(file)));
        JsonNode server = (file.startsWith("vscode") ? config.get("servers") : config.get("mcpServers")).get("uictl");
        assertThat(server).as(file).isNotNull();
        if (server.has("type")) {
            assertThat(server.get("type").asString()).isEqualTo("stdio");
        }
        assertThat(server.get("command").asString()).isEqualTo("uictl");
        List<String> cmd = new ArrayList<>(List.of(Cli.HOME.resolve("bin/uictl").toString()));
        server.get("args").forEach(a -> cmd.add(a.asString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        environment(pb);
        Process p = pb.start();
        OutputStream in = p.getOutputStream();
        in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n")
                .getBytes(StandardCharsets.UTF_8));
        in.flush();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        JsonNode reply = Json.parse(out.readLine());
        assertThat(reply.get("result").get("protocolVersion").asString()).isEqualTo("2025-11-25");
        assertThat(reply.get("result").get("serverInfo").get("name").asString()).isEqualTo("uictl");
        in.close();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
    }

    private static void environment(ProcessBuilder pb) {
        pb.environment().remove("UICTL_FORMAT");
        pb.environment().putAll(DESKTOP.env());
        pb.environment().put("UICTL_CLIENT", "c");
        pb.environment().put("UICTL", Cli.HOME.resolve("bin/uictl").toString());
        pb.environment().put("PATH", Cli.HOME.resolve("bin") + ":" + System.getenv("PATH"));
    }

    private static String run(String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(DESKTOP.runtimeDir().toFile())
                .redirectErrorStream(true);
        environment(pb);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s exits 0; output:%n%s", String.join(" ", command), out).isZero();
        return out;
    }
}
