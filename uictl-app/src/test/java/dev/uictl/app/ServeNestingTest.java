package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.dispatch.Invocation;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandSpec;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 9, item 3 (serve and batch): requests that would end the session instead of answering are refused, an
 * over-long line is answered with PROTOCOL_ERROR without buffering it, and the session goes on either way.
 */
class ServeNestingTest {

    @Test
    void interactiveAndStandaloneCommandsAreRefusedInServeAndTheSessionGoesOn() {
        String input = String.join("\n",
                "{\"id\":1,\"argv\":[\"term\",\"attach\",\"t1\"]}",
                "{\"id\":2,\"argv\":[\"daemon\",\"stop\"]}",
                "{\"id\":3,\"command\":\"daemon restart\"}",
                "{\"id\":4,\"argv\":[\"--json\",\"daemon\",\"run\"]}",
                "{\"id\":5,\"argv\":[\"mcp\"]}",
                "{\"id\":6,\"argv\":[\"version\"]}",
                "{\"id\":7,\"argv\":[\"batch\",\"[[\\\"version\\\"]]\"]}",
                "{\"id\":8,\"argv\":[\"batch\"]}",
                "");
        UictlRun.Output out = UictlRun.run(Map.of(), input, "serve", "--stdio");
        List<JsonNode> replies = out.stdout().lines().map(Json::parse).toList();
        assertThat(replies).hasSize(8);
        for (JsonNode r : replies.subList(0, 5)) {
            assertThat(r.get("error").get("code").asString()).as(r.toString()).isEqualTo("INVALID_ARGS");
            assertThat(r.get("error").get("message").asString()).contains("cannot run inside serve, batch or an MCP call");
            assertThat(r.get("error").get("details").get("kind").asString()).isEqualTo("not_nestable");
            ContractAssert.envelope(r.toString(), 3);
        }
        assertThat(replies.get(0).get("error").get("details").get("interactive").asBoolean()).isTrue();
        assertThat(replies.get(1).get("error").get("hint").asString()).contains("uictl daemon stop");
        assertThat(replies.get(5).get("success").asBoolean()).isTrue();
        // batch nests when its array is given; it never reads the session's own input as its array
        assertThat(replies.get(6).get("data").get("results").get(0).get("success").asBoolean()).isTrue();
        assertThat(replies.get(7).get("error").get("message").asString()).contains("COMMANDS");
        assertThat(out.exit()).isZero();
    }

    @Test
    void batchRefusesDaemonManagementAndRunsTheRest() {
        // a batch whose items failed fails, with every item's envelope in error.details
        JsonNode data = ContractAssert.envelope(UictlRun.run("batch",
                "[[\"daemon\",\"stop\"],[\"term\",\"attach\",\"x\"],[\"version\"]]")).get("error").get("details");
        assertThat(data.get("results").get(0).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(data.get("results").get(1).get("error").get("details").get("kind").asString())
                .isEqualTo("not_nestable");
        assertThat(data.get("results").get(2).get("success").asBoolean()).isTrue();
    }

    @Test
    void capabilitiesShowWhichCommandsAreInteractiveOrStandalone() {
        JsonNode commands = ContractAssert.envelope(UictlRun.run("capabilities")).get("data").get("commands");
        Map<String, JsonNode> byName = new java.util.HashMap<>();
        commands.forEach(c -> byName.put(c.get("name").asString(), c));
        assertThat(byName.get("term attach").get("interactive").asBoolean()).isTrue();
        assertThat(byName.get("daemon stop").get("standalone").asBoolean()).isTrue();
        assertThat(byName.get("version").get("interactive").asBoolean()).isFalse();
        List<String> refused = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> !s.nestable()).map(CommandSpec::name).sorted().toList();
        assertThat(refused).containsExactly("daemon restart", "daemon run", "daemon stop", "driver", "mcp", "serve",
                "term attach");
        // capabilities names each command's MCP tool, the refused ones' too (their calls answer not_nestable)
        assertThat(byName.get("term open").get("mcp_tool").asString()).isEqualTo("term_open");
        assertThat(byName.get("batch").get("mcp_tool").asString()).isEqualTo("batch");
        assertThat(byName.get("daemon stop").get("mcp_tool").asString()).isEqualTo("daemon_stop");
        assertThat(byName).allSatisfy((name, c) -> assertThat(c.has("mcp_tool")).as(name).isTrue());
        assertThat(byName.get("term open").get("mcp_tool_group").asString()).isEqualTo("term");
        assertThat(byName.get("screenshot").get("mcp_tool_group").asString()).isEqualTo("desktop");
        assertThat(byName.get("snapshot").get("mcp_tool_group").asString()).isEqualTo("a11y");
    }

    @Test
    void aLineOverTheLimitIsAProtocolErrorAndTheNextLineIsServed() {
        long huge = 300L * 1024 * 1024;
        InputStream stdin = new SequenceInputStream(Collections.enumeration(List.of(
                bytes("{\"id\":1,\"argv\":[\"version\",\""),
                new RepeatedByte((byte) 'x', huge),
                bytes("\"]}\n{\"id\":2,\"argv\":[\"version\"]}\n"))));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Invocation inv = new Invocation(List.of("serve", "--stdio"), Path.of(".").toAbsolutePath(), Map.of(),
                stdin, out, new PrintStream(OutputStream.nullOutputStream()), false, hook -> { });
        int exit = UictlRun.app().dispatcher().run(inv);
        List<JsonNode> replies = out.toString(StandardCharsets.UTF_8).lines().map(Json::parse).toList();
        assertThat(exit).isZero();
        assertThat(replies).hasSize(2);
        JsonNode error = replies.get(0).get("error");
        assertThat(error.get("code").asString()).isEqualTo("PROTOCOL_ERROR");
        assertThat(error.get("details").get("kind").asString()).isEqualTo("line_too_long");
        assertThat(error.get("details").get("bytes").asLong()).isGreaterThan(huge);
        ContractAssert.envelope(replies.get(0).toString(), 10);
        assertThat(replies.get(1).get("id").asInt()).isEqualTo(2);
        assertThat(replies.get(1).get("success").asBoolean()).isTrue();
    }

    private static InputStream bytes(String s) {
        return new java.io.ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code length} copies of one byte, generated as read (a 300 MB line without 300 MB of heap). */
    private static final class RepeatedByte extends InputStream {
        private final byte value;
        private long left;

        RepeatedByte(byte value, long length) {
            this.value = value;
            this.left = length;
        }

        @Override
        public int read() {
            if (left == 0) {
                return -1;
            }
            left--;
            return value & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (left == 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            java.util.Arrays.fill(b, off, off + n, value);
            left -= n;
            return n;
        }
    }
}
