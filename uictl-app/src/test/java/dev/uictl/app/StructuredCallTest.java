package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.cli.CliParser;
import dev.uictl.app.cli.ParsedLine;
import dev.uictl.app.dispatch.GlobalOptions;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.JsonArgs;
import dev.uictl.core.schema.InputSchemas;
import dev.uictl.core.schema.SchemaValidator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Structured calls (serve's command form, batch objects, MCP tools/call) bind JSON straight to the same Args as
 * the command line, accept what its input schema describes, and fail with the same errors.
 */
class StructuredCallTest {
    private final CommandRegistry registry = UictlRun.app().dispatcher().registry();
    private final CliParser parser = new CliParser(registry);

    /** Every example's arguments, as JSON, bind to exactly what the command line bound and fit the schema. */
    @Test
    void everyExampleBindsTheSameFromJsonAndFitsItsInputSchema() {
        int checked = 0;
        for (CommandSpec spec : registry.specs()) {
            for (Example e : spec.examples()) {
                List<String> argv = RegistrySyncTest.words(e.commandLine());
                var options = GlobalOptions.extract(argv, Map.of(), registry);
                ParsedLine.Invoke line = (ParsedLine.Invoke) parser.parse(options.rest());
                Args fromCli = line.args();
                JsonNode json = Json.tree(fromCli.values());
                assertThat(JsonArgs.bind(spec, json)).as(e.commandLine()).isEqualTo(fromCli);
                assertThat(SchemaValidator.validate(InputSchemas.of(spec), json)).as(e.commandLine()).isEmpty();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    /** The same mistake made on the command line, in serve's structured form and as an MCP call. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "screenshot --quality abc|screenshot|{\"quality\":\"abc\"}",
            "screenshot --format gif|screenshot|{\"format\":\"gif\"}",
            "screenshot --scale x|screenshot|{\"scale\":\"x\"}",
            "term keys|term keys|{}",
            "capabilities --category nope|capabilities|{\"category\":\"nope\"}"})
    void errorsAreTheSameOnEverySurface(String cli, String command, String args) {
        JsonNode fromCli = Json.parse(UictlRun.run(cli.split(" ")).stdout()).get("error");
        String serveLine = "{\"id\":1,\"command\":\"" + command + "\",\"args\":" + args + "}\n";
        JsonNode fromServe = Json.parse(UictlRun.run(Map.of(), serveLine, "serve", "--stdio").stdout())
                .get("error");
        String mcpLines = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\""
                + command.replace(' ', '_') + "\",\"arguments\":" + args + "}}\n";
        JsonNode fromMcp = Json.parse(UictlRun.run(Map.of(), mcpLines, "mcp").stdout().strip())
                .get("result").get("structuredContent").get("error");
        for (JsonNode structured : List.of(fromServe, fromMcp)) {
            assertThat(structured.get("code")).as(cli).isEqualTo(fromCli.get("code"));
            assertThat(structured.get("hint")).as(cli).isEqualTo(fromCli.get("hint"));
            assertThat(structured.get("message")).as(cli).isEqualTo(fromCli.get("message"));
            assertThat(structured.get("details")).as(cli).isEqualTo(fromCli.get("details"));
        }
    }

    /**
     * Issue 31, item 1: an empty program was INTERNAL_ERROR (the pty refused an empty argv), from the command line,
     * serve and MCP alike; it is a bad value of COMMAND, refused before anything starts.
     */
    @Test
    void anEmptyProgramIsInvalidArgsNamingTheParameterOnEverySurface() {
        JsonNode fromCli = Json.parse(UictlRun.run("term", "open", "--", "").stdout()).get("error");
        String serveLines = "{\"id\":1,\"command\":\"term open\",\"args\":{\"command\":\"\"}}\n"
                + "{\"id\":2,\"command\":\"term open\",\"args\":{\"command\":[\"\",\"-c\",\"true\"]}}\n"
                + "{\"id\":3,\"argv\":[\"term\",\"open\",\"--\",\"\"]}\n";
        List<JsonNode> fromServe = UictlRun.run(Map.of(), serveLines, "serve", "--stdio").stdout().lines()
                .map(l -> Json.parse(l).get("error")).toList();
        String mcpLine = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"term_open\",\"arguments\":{\"command\":\"\"}}}\n";
        JsonNode fromMcp = Json.parse(UictlRun.run(Map.of(), mcpLine, "mcp").stdout().strip())
                .get("result").get("structuredContent").get("error");
        assertThat(fromServe).hasSize(3);
        List<JsonNode> errors = new java.util.ArrayList<>(fromServe);
        errors.addAll(List.of(fromCli, fromMcp));
        for (JsonNode error : errors) {
            assertThat(error.get("code").asString()).as(error.toString()).isEqualTo("INVALID_ARGS");
            assertThat(error.get("details").get("parameter").asString()).isEqualTo("command");
            assertThat(error.get("message").asString()).contains("COMMAND");
        }
    }

    /**
     * launch, exec and driver take their program the same way: an empty first word was APP_NOT_FOUND (launch) and
     * POLICY_DENIED "no program to run" (exec), each a different answer to the same mistake.
     */
    @Test
    void anEmptyProgramIsInvalidArgsForEveryCommandThatStartsOne() {
        for (List<String> argv : List.of(List.of("launch", ""), List.of("launch", "--", "", "-x"),
                List.of("exec", "--", ""), List.of("driver", "--stdio", "--", ""))) {
            JsonNode error = Json.parse(UictlRun.run(argv.toArray(String[]::new)).stdout()).get("error");
            assertThat(error.get("code").asString()).as(argv + " -> " + error).isEqualTo("INVALID_ARGS");
            assertThat(error.get("details").get("parameter").asString()).isEqualTo("command");
            assertThat(error.get("delivery").asString()).isEqualTo("not_delivered");
        }
    }

    @Test
    void unknownArgumentsAndNamesInSnakeCase() {
        String lines = String.join("\n",
                "{\"id\":1,\"command\":\"version\",\"args\":{\"bogus\":1}}",
                "{\"id\":2,\"command\":\"batch\",\"args\":{\"commands\":\"[]\",\"stop_on_error\":true}}",
                "{\"id\":3,\"command\":\"capabilities\",\"args\":{\"compact\":\"yes\"}}",
                "{\"id\":4,\"command\":\"get version\"}", "");
        List<JsonNode> replies = UictlRun.run(Map.of(), lines, "serve", "--stdio").stdout().lines()
                .map(Json::parse).toList();
        assertThat(replies.get(0).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(replies.get(0).get("error").get("hint").asString()).contains("uictl version --help");
        // batch runs nested when its array is given (stop_on_error spelled in snake_case binds to --stop-on-error)
        assertThat(replies.get(1).get("success").asBoolean()).as(replies.get(1).toString()).isTrue();
        assertThat(replies.get(1).get("data").get("total").asInt()).isZero();
        assertThat(replies.get(2).get("error").get("message").asString())
                .isEqualTo("invalid value 'yes' for --compact: expected true or false");
        assertThat(replies.get(3).get("command").asString()).isEqualTo("version");
        assertThat(replies.get(3).get("success").asBoolean()).isTrue();
    }
}
