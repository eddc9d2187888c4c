package dev.uictl.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.UictlRun;
import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ToolGroup;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool lists that fit a host's context (issue 27): the default set's whole tools/list answer at the newest revision
 * stays within 32 KB and 30 tools, `--tools` selects groups and names, and every tool outside the list stays
 * reachable (named in the instructions, called by name, run through batch).
 */
class McpToolListTest {
    /** A host loads the whole answer into the model's context: 32 KB is about 8,000 tokens. */
    static final int DEFAULT_LIST_BUDGET_BYTES = 32 * 1024;

    private final Dispatcher dispatcher = UictlRun.app().dispatcher();

    @Test
    void theDefaultListFitsTheBudgetWithOneLineDescriptions() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize("2025-11-25");
            JsonNode answer = mcp.request("tools/list", null);
            int bytes = (Json.write(answer) + "\n").getBytes(StandardCharsets.UTF_8).length;
            JsonNode tools = answer.get("result").get("tools");
            System.out.printf("default tools/list: %d tools, %,d bytes (~%,d tokens at 4 bytes a token)%n",
                    tools.size(), bytes, bytes / 4);
            assertThat(bytes).as("the default tools/list answer in bytes")
                    .isLessThanOrEqualTo(DEFAULT_LIST_BUDGET_BYTES);
            assertThat(tools.size()).isBetween(10, 30);
            assertThat(answer.get("result").has("nextCursor")).as("one page").isFalse();
            for (JsonNode t : tools) {
                CommandSpec spec = dispatcher.registry().find(t.get("title").asString()).orElseThrow().spec();
                assertThat(t.get("description").asString()).as(t.get("name").asString()).isEqualTo(spec.summary())
                        .doesNotContain("\n");
                assertThat(t.has("outputSchema")).as("no output schema unless --full").isFalse();
                assertThat(t.get("inputSchema").get("type").asString()).isEqualTo("object");
            }
            // the agent loop on each kind of target: observe, act, wait, and the way to everything else
            assertThat(tools).extracting(t -> t.get("name").asString()).contains("list-windows", "screenshot",
                    "snapshot", "find", "click", "type", "press", "wait_window", "wait_element", "term_open",
                    "term_screen", "term_keys", "term_wait", "help", "batch");
        }
    }

    @Test
    void fullDefinitionsAddLongDescriptionsAndOutputSchemas() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, "--full")) {
            mcp.initialize("2025-11-25");
            JsonNode tools = mcp.request("tools/list", null).get("result").get("tools");
            JsonNode open = find(tools, "term_open");
            assertThat(open.get("description").asString()).startsWith(
                    dispatcher.registry().find("term open").orElseThrow().spec().summary() + ". The program gets");
            assertThat(open.get("outputSchema").get("properties").get("data")).isNotNull();
        }
    }

    /** The oracle for a group is the command words, not the registry field the server reads. */
    @ParameterizedTest(name = "--tools {0}")
    @CsvSource({"term,term_", "tmux,tmux_"})
    void aGroupListsExactlyItsCommands(String group, String prefix) throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, "--tools", group)) {
            String instructions = mcp.initialize("2025-11-25").get("result").get("instructions").asString();
            List<String> listed = names(mcp.request("tools/list", null).get("result").get("tools"));
            List<String> expected = dispatcher.registry().specs().stream().map(s -> s.name().replace(' ', '_'))
                    .filter(n -> n.startsWith(prefix)).toList();
            assertThat(listed).containsExactlyElementsOf(expected);
            assertThat(instructions).contains("Listed: " + expected.size() + " of ")
                    .as("batch is not listed, so not offered").doesNotContain("batch tool");
        }
    }

    @Test
    void groupsPartitionTheRegistryAndNamesAndGroupsCombine() throws Exception {
        Set<String> union = new HashSet<>();
        int total = 0;
        for (ToolGroup g : ToolGroup.values()) {
            try (McpConversation mcp = new McpConversation(dispatcher, "--tools", g.wireName())) {
                mcp.initialize("2025-11-25");
                List<String> listed = names(mcp.request("tools/list", null).get("result").get("tools"));
                assertThat(listed).as("group %s", g.wireName()).isNotEmpty();
                union.addAll(listed);
                total += listed.size();
            }
        }
        List<String> all = dispatcher.registry().specs().stream().map(s -> s.name().replace(' ', '_')).toList();
        assertThat(union).as("every tool is in a group").containsExactlyInAnyOrderElementsOf(all);
        assertThat(total).as("and in one only").isEqualTo(all.size());
        try (McpConversation mcp = new McpConversation(dispatcher, "--tools", "tmux,version, term screen")) {
            mcp.initialize("2025-11-25");
            assertThat(names(mcp.request("tools/list", null).get("result").get("tools")))
                    .contains("version", "term_screen", "tmux_send").doesNotContain("term_open", "click");
        }
    }

    @Test
    void everyUnlistedToolIsNamedInTheInstructionsAndRunsByNameAndThroughBatch() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            String instructions = mcp.initialize("2025-11-25").get("result").get("instructions").asString();
            Set<String> listed = new HashSet<>(names(mcp.request("tools/list", null).get("result").get("tools")));
            for (CommandSpec s : dispatcher.registry().specs()) {
                if (!listed.contains(s.name().replace(' ', '_')) && s.nestable()) {
                    assertThat(instructions).as("instructions name %s", s.name()).contains(s.name());
                }
            }
            assertThat(listed).doesNotContain("version", "tmux_health");
            assertThat(instructions).contains("run through the batch tool");
            JsonNode direct = mcp.callTool("version", Json.object()).get("result");
            assertThat(direct.get("isError").asBoolean()).isFalse();
            assertThat(direct.get("structuredContent").get("command").asString()).isEqualTo("version");
            ObjectNode batch = Json.object().put("commands", "[{\"command\":\"version\",\"args\":{}}]");
            JsonNode viaBatch = mcp.callTool("batch", batch).get("result").get("structuredContent");
            assertThat(viaBatch.get("success").asBoolean()).as(viaBatch.toString()).isTrue();
            assertThat(viaBatch.toString()).contains("\"contract_version\":\"1\"");
        }
    }

    @Test
    void everyToolListedShowsNothingMoreToReach() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, "--tools", "all")) {
            String instructions = mcp.initialize("2025-11-25").get("result").get("instructions").asString();
            assertThat(instructions).doesNotContain("Listed:");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"--tools|nope|'nope' is neither a tool group nor a tool",
            "--tools|term,term_nope|'term_nope' is neither", "--full|--lean|contradict"})
    void aBadSelectionIsRefusedBeforeTheSessionStarts(String flag, String value, String message) throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, flag, value)) {
            JsonNode envelope = mcp.next();
            assertThat(envelope.get("success").asBoolean()).isFalse();
            assertThat(envelope.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
            assertThat(envelope.get("error").get("message").asString()).contains(message);
            assertThat(mcp.end()).isEqualTo(3);
        }
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode t : tools) {
            if (t.get("name").asString().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no tool " + name + " in " + names(tools));
    }

    private static List<String> names(JsonNode tools) {
        List<String> out = new ArrayList<>();
        tools.forEach(t -> out.add(t.get("name").asString()));
        return out;
    }
}
