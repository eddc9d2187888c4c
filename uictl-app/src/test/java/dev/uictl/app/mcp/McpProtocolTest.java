package dev.uictl.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.UictlRun;
import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.commands.Commands;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The MCP session through the real dispatcher, message by message: negotiation, listing, calls, errors, cancel. */
class McpProtocolTest {
    private final Dispatcher dispatcher = UictlRun.app().dispatcher();

    @ParameterizedTest(name = "asked {0}, got {1}")
    @CsvSource({"2025-11-25,2025-11-25", "2025-06-18,2025-06-18", "2025-03-26,2025-03-26", "2024-11-05,2024-11-05",
            "2099-01-01,2025-11-25"})
    void initializeNegotiatesTheRevision(String asked, String answered) throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, "--full")) {
            JsonNode result = mcp.initialize(asked).get("result");
            assertThat(result.get("protocolVersion").asString()).isEqualTo(answered);
            assertThat(result.get("capabilities").get("tools")).isNotNull();
            assertThat(result.get("serverInfo").get("name").asString()).isEqualTo("uictl");
            JsonNode tool = mcp.request("tools/list", null).get("result").get("tools").get(0);
            boolean structured = answered.compareTo("2025-06-18") >= 0;
            assertThat(tool.has("outputSchema")).as("outputSchema in %s", answered).isEqualTo(structured);
            assertThat(tool.has("annotations")).isEqualTo(answered.compareTo("2025-03-26") >= 0);
            JsonNode call = mcp.callTool("version", Json.object()).get("result");
            assertThat(call.has("structuredContent")).isEqualTo(structured);
            assertThat(call.get("content").get(0).get("text").asString()).contains("contract_version: 1");
        }
    }

    @Test
    void toolsListPagesThroughEveryCallableCommand() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher, "--page-size", "7", "--tools", "all", "--full")) {
            mcp.initialize("2025-11-25");
            List<JsonNode> tools = new ArrayList<>();
            JsonNode cursor = null;
            int pages = 0;
            do {
                ObjectNode params = Json.object();
                if (cursor != null) {
                    params.set("cursor", cursor);
                }
                JsonNode page = mcp.request("tools/list", params).get("result");
                page.get("tools").forEach(tools::add);
                cursor = page.get("nextCursor");
                pages++;
            } while (cursor != null);
            CommandRegistry registry = dispatcher.registry();
            List<String> expected = registry.specs().stream().map(s -> s.name().replace(' ', '_')).toList();
            assertThat(tools).extracting(t -> t.get("name").asString()).containsExactlyElementsOf(expected);
            assertThat(pages).isEqualTo((expected.size() + 6) / 7);
            for (JsonNode t : tools) {
                assertThat(t.get("name").asString()).matches("^[a-zA-Z0-9_-]{1,64}$");
                assertThat(t.get("inputSchema").get("type").asString()).isEqualTo("object");
                assertThat(t.get("outputSchema").get("type").asString()).isEqualTo("object");
                assertThat(t.get("annotations").get("readOnlyHint").isBoolean()).isTrue();
                assertThat(t.get("description").asString()).isNotBlank();
            }
            JsonNode bad = mcp.request("tools/list", Json.object().put("cursor", "not-a-cursor"));
            assertThat(bad.get("error").get("code").asInt()).isEqualTo(-32602);
        }
    }

    @Test
    void malformedMessagesGetJsonRpcErrorsAndTheSessionGoesOn() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize("2025-11-25");
            mcp.sendLine("this is not json");
            assertError(mcp.next(), null, -32700);
            mcp.sendLine("{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}");
            assertError(mcp.next(), 2, -32600);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":3}");
            assertError(mcp.next(), 3, -32600);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}");
            assertError(mcp.next(), null, -32600);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/list\"}");
            assertError(mcp.next(), 4, -32601);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}");
            assertError(mcp.next(), 5, -32602);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"version\","
                    + "\"arguments\":[1]}}");
            assertError(mcp.next(), 6, -32602);
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"term attach\"}}");
            assertError(mcp.next(), 7, -32602); // a command name is not its tool name
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\",\"params\":5}");
            mcp.sendLine("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
            JsonNode pong = mcp.next();
            assertThat(pong.get("id").asInt()).isEqualTo(8);
            assertThat(pong.get("result").isObject()).isTrue();
            assertThat(mcp.end()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2025-03-26", "2024-11-05"})
    void revisionsWithBatchesAnswerABatchWithOneArrayOfItsResponses(String revision) throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize(revision);
            mcp.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"},"
                    + "{\"jsonrpc\":\"2.0\",\"id\":\"v\",\"method\":\"tools/call\",\"params\":{\"name\":\"version\"}},"
                    + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"prompts/list\"},"
                    + "42,"
                    + "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                    + revision + "\"}}]");
            JsonNode answer = mcp.next();
            assertThat(answer.isArray()).as(answer.toString()).isTrue();
            assertThat(answer).hasSize(5); // the notification gets no response
            assertThat(answer.get(0).get("id").asInt()).isEqualTo(1);
            assertThat(answer.get(0).get("result").isObject()).isTrue();
            assertThat(answer.get(1).get("id").asString()).isEqualTo("v");
            assertThat(answer.get(1).get("result").get("content").get(0).get("text").asString())
                    .contains("contract_version: 1");
            assertError(answer.get(2), 3, -32601);
            assertError(answer.get(3), null, -32600);
            assertError(answer.get(4), 4, -32600); // initialize must not be batched
            // A batch of notifications only gets no answer; an empty batch is one error; the session goes on.
            mcp.sendLine("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]");
            mcp.sendLine("[]");
            assertError(mcp.next(), null, -32600);
            assertThat(mcp.request("ping", null).get("result").isObject()).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"2025-11-25", "2025-06-18"})
    void revisionsWithoutBatchesRefuseABatchAndGoOn(String revision) throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize(revision);
            mcp.sendLine("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
            JsonNode refused = mcp.next();
            assertError(refused, null, -32600);
            assertThat(refused.get("error").get("message").asString()).contains("2025-06-18", revision);
            assertThat(mcp.request("ping", null).get("result").isObject()).isTrue();
        }
    }

    @Test
    void theBatchToolRunsItsItemsAndTheOtherNonNestableCommandsAreNotTools() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize("2025-11-25");
            JsonNode ok = mcp.callTool("batch", Json.object().put("commands",
                    "[[\"version\"],{\"command\":\"get screen-size\",\"args\":{\"bogus\":1}}]")).get("result");
            JsonNode envelope = ok.get("structuredContent");
            assertThat(envelope.get("success").asBoolean()).isFalse(); // the second item's bad argument fails it
            JsonNode details = envelope.get("error").get("details");
            assertThat(details.get("total").asInt()).isEqualTo(2);
            assertThat(details.get("results").get(0).get("data").get("contract_version").asInt()).isEqualTo(1);
            assertThat(details.get("results").get(1).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
            // Without the array there is nothing to read: the session's stdin is not the batch's.
            JsonNode none = mcp.callTool("batch", Json.object()).get("result").get("structuredContent");
            assertThat(none.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
            assertThat(none.get("error").get("message").asString()).contains("COMMANDS");
            // the tools of commands that would end the session answer the envelope serve and batch give
            for (String tool : List.of("serve", "mcp", "driver", "daemon_run", "daemon_stop", "daemon_restart",
                    "term_attach")) {
                JsonNode reply = mcp.callTool(tool, Json.object()).get("result");
                assertThat(reply.get("isError").asBoolean()).as(tool).isTrue();
                JsonNode error = reply.get("structuredContent").get("error");
                assertThat(error.get("code").asString()).as(tool).isEqualTo("INVALID_ARGS");
                assertThat(error.get("details").get("kind").asString()).as(tool).isEqualTo("not_nestable");
                assertThat(error.get("hint").asString()).as(tool).contains("uictl " + tool.replace('_', ' '));
            }
            assertThat(mcp.request("ping", null).get("result").isObject()).isTrue();
        }
    }

    @Test
    void commandFailuresAreToolErrorsWithTheEnvelopesCodeAndHint() throws Exception {
        try (McpConversation mcp = new McpConversation(dispatcher)) {
            mcp.initialize("2025-11-25");
            JsonNode bad = mcp.callTool("screenshot", Json.object().put("quality", "abc")).get("result");
            assertThat(bad.get("isError").asBoolean()).isTrue();
            JsonNode error = bad.get("structuredContent").get("error");
            assertThat(error.get("code").asString()).isEqualTo("INVALID_ARGS");
            assertThat(error.get("hint").asString()).contains("uictl screenshot --help");
            assertThat(bad.get("content").get(0).get("text").asString())
                    .startsWith("error INVALID_ARGS: ").contains("hint: ");
            JsonNode missing = mcp.callTool("term_keys", Json.object()).get("result");
            assertThat(missing.get("structuredContent").get("error").get("code").asString())
                    .isEqualTo("MISSING_REQUIRED");
            JsonNode unknown = mcp.callTool("term_screen", Json.object().put("session", "no-such-session"))
                    .get("result");
            assertThat(unknown.get("structuredContent").get("error").get("code").asString())
                    .isEqualTo("SESSION_NOT_FOUND");
        }
    }

    @Test
    void aCancelledCallStopsOnItsTokenAndGetsNoResponseWhileProgressFlows() throws Exception {
        Dispatcher withBlocker = new Dispatcher(new CommandRegistry(withBlocker()), UictlRun.app().services());
        try (McpConversation mcp = new McpConversation(withBlocker)) {
            mcp.initialize("2025-11-25");
            ObjectNode params = Json.object();
            params.put("name", "test-block");
            params.putObject("_meta").put("progressToken", "p1");
            mcp.send(McpConversation.request(41, "tools/call", params));
            assertThat(Blocker.started.await(20, TimeUnit.SECONDS)).isTrue();
            // the command's emitted envelope arrives as a progress notification
            JsonNode progress = mcp.poll(20_000);
            assertThat(progress.get("method").asString()).isEqualTo("notifications/progress");
            assertThat(progress.get("params").get("progressToken").asString()).isEqualTo("p1");
            assertThat(progress.get("params").get("message").asString()).startsWith("test-block: ");

            ObjectNode cancel = Json.object();
            cancel.put("jsonrpc", "2.0");
            cancel.put("method", "notifications/cancelled");
            cancel.putObject("params").put("requestId", 41).put("reason", "user pressed stop");
            mcp.send(cancel);
            assertThat(Blocker.finished.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(Blocker.reason).isEqualTo("user pressed stop");
            JsonNode pong = mcp.request("ping", null);
            assertThat(pong.get("result").isObject()).isTrue();
            assertThat(mcp.poll(300)).as("no response to the cancelled call").isNull();
        }
    }

    private static void assertError(JsonNode reply, Integer id, int code) {
        assertThat(reply.get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(reply.get("error").get("code").asInt()).as(reply.toString()).isEqualTo(code);
        if (id == null) {
            assertThat(reply.get("id").isNull()).as(reply.toString()).isTrue();
        } else {
            assertThat(reply.get("id").asInt()).isEqualTo(id);
        }
    }

    private static List<Command> withBlocker() {
        List<Command> all = new ArrayList<>(Commands.all());
        all.add(new Blocker());
        Set<String> names = new HashSet<>();
        all.forEach(c -> assertThat(names.add(c.spec().name())).isTrue());
        return all;
    }

    /** Emits one envelope, then waits on its call's cancellation token; records what it saw. */
    static final class Blocker implements Command {
        static final CountDownLatch started = new CountDownLatch(1);
        static final CountDownLatch finished = new CountDownLatch(1);
        static volatile String reason;

        @Describe("nothing")
        record Nothing(boolean cancelled) {
        }

        private static final CommandSpec SPEC = CommandSpec.builder("test-block", Category.META)
                .summary("blocks until cancelled")
                .output(new OutputType("test-nothing", Nothing.class, "nothing"))
                .example("test-block", "block")
                .annotations(ToolAnnotations.readOnly())
                .build();

        @Override
        public CommandSpec spec() {
            return SPEC;
        }

        @Override
        public Result run(Args args, CommandContext ctx) {
            ctx.emit(Envelope.success("test-block", new Nothing(false), null).withId(null));
            started.countDown();
            boolean cancelled = ctx.cancellation().sleep(60_000);
            reason = ctx.cancellation().reason();
            finished.countDown();
            return Result.of(new Nothing(cancelled));
        }
    }
}
