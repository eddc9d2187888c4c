package dev.uictl.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.UictlRun;
import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool result larger than the host's cap never goes out silently (issue 27): a real big result — a terminal
 * screen with every cell, about 290 KB — is answered cut to fit, saying what was cut and where the whole is, and the
 * private file it names holds the whole envelope, checked against the same screen read in a small form.
 */
class McpResultCapTest {
    private static final Pattern SAVED = Pattern.compile("is in (\\S+) \\(mode 0600\\)");

    private final Dispatcher dispatcher = UictlRun.app().dispatcher();

    @TempDir
    Path runtime;

    @Test
    void aResultOverTheCapIsCutToFitAndSavedWholeToAPrivateFile() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, Map.of("UICTL_RUNTIME_DIR", runtime.toString()))) {
            mcp.initialize("2025-11-25");
            String session = "cap-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
            ObjectNode open = Json.object().put("name", session).put("wait-text", "cap test ready");
            open.putArray("command").add("sh").add("-c").add("printf 'cap test ready\\n'; exec sleep 600");
            assertThat(mcp.callTool("term_open", open).get("result").get("isError").asBoolean()).isFalse();
            try {
                screens(mcp, session);
            } finally {
                mcp.callTool("term_close", Json.object().put("session", session));
            }
        }
    }

    /** A screen as lines (small), then with every cell (cut), against the file that holds it whole. */
    private void screens(McpConversation mcp, String session) throws Exception {
        JsonNode small = mcp.callTool("term_screen", Json.object().put("session", session)).get("result");
        assertThat(small.get("content").get(0).get("text").asString()).doesNotContain("Result cut");

        JsonNode cut = mcp.callTool("term_screen", Json.object().put("session", session).put("cells", "full"))
                .get("result");
        int answered = Json.write(cut).getBytes(StandardCharsets.UTF_8).length;
        assertThat(answered).as("the answer fits 25,000 tokens at 2.5 bytes a token").isLessThanOrEqualTo(62_500);
        String text = cut.get("content").get(0).get("text").asString();
        assertThat(text).startsWith("Result cut to fit the host: it is ").contains("over this server's cap of "
                + "25,000 tokens").contains("Cut: data.cells: 24 items, first ");
        JsonNode structured = cut.get("structuredContent");
        assertThat(structured.get("success").asBoolean()).isTrue();
        assertThat(structured.get("_agent_hints").get("warnings").get(0).asString())
                .startsWith("Result cut to fit the host");
        assertThat(structured.get("data").get("cells").size()).isLessThan(24);
        assertThat(structured.get("data").get("lines")).as("the largest part is cut first; the lines stay whole")
                .isEqualTo(small.get("structuredContent").get("data").get("lines"));

        Matcher m = SAVED.matcher(text);
        assertThat(m.find()).as(text).isTrue();
        Path file = Path.of(m.group(1));
        assertThat(file.getParent()).isEqualTo(runtime.resolve("mcp-results"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        JsonNode whole = Json.parse(Files.readString(file));
        assertThat(whole.get("success").asBoolean()).isTrue();
        assertThat(whole.get("command").asString()).isEqualTo("term screen");
        JsonNode cells = whole.get("data").get("cells");
        assertThat(cells.size()).isEqualTo(24);
        cells.forEach(row -> assertThat(row.size()).isEqualTo(80));
        assertThat(whole.get("data").get("lines")).isEqualTo(small.get("structuredContent").get("data").get("lines"));
        StringBuilder firstRow = new StringBuilder();
        cells.get(0).forEach(c -> firstRow.append(c.get("ch").asString()));
        assertThat(firstRow.toString()).startsWith("cap test ready");
        assertThat(text).contains(String.format("%,d", Files.size(file)) + " bytes of JSON");

        // the same envelope as a resource: linked from the answer, listed, and read whole
        JsonNode link = cut.get("content").get(cut.get("content").size() - 1);
        assertThat(link.get("type").asString()).isEqualTo("resource_link");
        String uri = link.get("uri").asString();
        assertThat(uri).isEqualTo("uictl://mcp-results/" + file.getFileName());
        assertThat(link.get("size").asLong()).isEqualTo(Files.size(file));
        assertThat(mcp.request("resources/list", null).get("result").get("resources"))
                .extracting(r -> r.get("uri").asString()).contains(uri);
        JsonNode read = mcp.request("resources/read", Json.object().put("uri", uri)).get("result");
        assertThat(read.get("contents").get(0).get("text").asString()).isEqualTo(Files.readString(file));
        assertThat(mcp.request("resources/read", Json.object().put("uri", "uictl://mcp-results/nope.json"))
                .get("error").get("code").asInt()).isEqualTo(-32002);
        assertThat(mcp.request("resources/read", Json.object().put("uri", "file://" + file)).get("error")
                .get("code").asInt()).as("only by the URI this session gave").isEqualTo(-32002);
    }

    @Test
    void aLowerCapCutsSmallerResults() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, Map.of("UICTL_RUNTIME_DIR", runtime.toString()),
                "--max-result-tokens", "1000")) {
            mcp.initialize("2024-11-05");
            JsonNode result = mcp.callTool("help", Json.object()).get("result");
            assertThat(Json.write(result).getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2_500);
            assertThat(result.get("content").get(0).get("text").asString()).startsWith("Result cut to fit the host");
            assertThat(result.get("content")).extracting(c -> c.get("type").asString())
                    .as("2024-11-05 has no resource links").containsExactly("text");
            assertThat(Files.list(runtime.resolve("mcp-results")).toList()).hasSize(1);
        }
    }
}
