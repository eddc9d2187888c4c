package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.commands.meta.OpenApi;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI document of the HTTP envelope API (issue 27): valid against the official OpenAPI 3.1 schema with every
 * $ref resolved (mcp-test/openapi-check.mjs, @seriousme/openapi-schema-validator), and its schemas hold real traffic:
 * envelopes the commands really answered fit the Envelope schema and their data schema, calls the dispatcher
 * accepts fit CallRequest, and calls it refuses do not.
 */
class OpenApiTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    private final CommandRegistry registry = UictlRun.app().dispatcher().registry();

    @TempDir
    Path work;

    @Test
    void theDocumentIsValidOpenApi31AndItsSchemasFitRealTraffic() throws Exception {
        ObjectNode doc = OpenApi.document(registry);
        assertThat(doc.get("openapi").asString()).isEqualTo("3.1.0");
        String version = UictlRun.run("version").stdout();
        String failed = UictlRun.run("term", "screen", "no-such-session").stdout();
        assertThat(Json.parse(failed).get("error").get("code").asString()).isEqualTo("SESSION_NOT_FOUND");

        ArrayNode cases = Json.mapper().createArrayNode();
        add(cases, "Envelope", Json.parse(version));
        add(cases, "Envelope", Json.parse(failed));
        String dataSchema = doc.get("components").get("schemas").get("call.version").get("x-uictl-data").asString();
        add(cases, dataSchema.substring(dataSchema.lastIndexOf('/') + 1), Json.parse(version).get("data"));
        add(cases, "CallRequest", Json.parse("{\"command\":\"term screen\",\"args\":{\"session\":\"t1\",\"cells\":"
                + "\"full\"}}"));
        add(cases, "CallRequest", Json.parse("{\"command\":\"version\"}"));
        // refused: an unknown argument, a missing required one, a wrong type, a command a call cannot run
        add(cases, "CallRequest", Json.parse("{\"command\":\"term screen\",\"args\":{\"session\":\"t1\","
                + "\"nope\":1}}"));
        add(cases, "CallRequest", Json.parse("{\"command\":\"term screen\",\"args\":{}}"));
        add(cases, "CallRequest", Json.parse("{\"command\":\"term screen\",\"args\":{\"session\":\"t1\","
                + "\"scrollback\":\"many\"}}"));
        add(cases, "CallRequest", Json.parse("{\"command\":\"term attach\",\"args\":{\"session\":\"t1\"}}"));

        JsonNode report = check(doc, cases);
        assertThat(report.get("valid").asBoolean()).as("OpenAPI 3.1 schema: %s", report.get("errors")).isTrue();
        List<Boolean> valid = new ArrayList<>();
        report.get("cases").forEach(c -> valid.add(c.get("valid").asBoolean()));
        assertThat(valid).as(report.get("cases").toString())
                .containsExactly(true, true, true, true, true, false, false, false, false);
        // the oracle for the refused calls: the dispatcher refuses them too
        assertThat(Json.parse(UictlRun.run("term", "screen", "t1", "--nope", "1").stdout()).get("error").get("code")
                .asString()).isEqualTo("INVALID_ARGS");
    }

    @Test
    void everyCommandACallCanRunHasItsVariantAndNoOther() {
        JsonNode mapping = OpenApi.document(registry).get("components").get("schemas").get("CallRequest")
                .get("discriminator").get("mapping");
        List<String> mapped = new ArrayList<>();
        mapping.properties().forEach(e -> mapped.add(e.getKey()));
        assertThat(mapped).containsExactlyElementsOf(registry.specs().stream().filter(CommandSpec::nestable)
                .map(CommandSpec::name).toList());
    }

    @Test
    void theCommandPrintsTheDocument() {
        JsonNode data = Json.parse(UictlRun.run("openapi").stdout()).get("data");
        assertThat(data).isEqualTo(Json.parse(Json.write(OpenApi.document(registry)))); // both as parsed text
    }

    private static void add(ArrayNode cases, String schema, JsonNode value) {
        cases.addObject().put("schema", schema).set("value", value);
    }

    private JsonNode check(ObjectNode doc, ArrayNode cases) throws Exception {
        Path docFile = work.resolve("openapi.json");
        Path casesFile = work.resolve("cases.json");
        Files.writeString(docFile, Json.write(doc));
        Files.writeString(casesFile, Json.write(cases));
        assertThat(HOME.resolve("mcp-test/node_modules/@seriousme/openapi-schema-validator"))
                .as("the validator is installed (scripts/setup runs npm ci in mcp-test)").isDirectory();
        Process p = new ProcessBuilder("node", "openapi-check.mjs", docFile.toString(), casesFile.toString())
                .directory(HOME.resolve("mcp-test").toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("node openapi-check.mjs: %s", out).isZero();
        return Json.parse(out);
    }
}
