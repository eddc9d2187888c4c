package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.commands.meta.SchemaCommand;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Command;
import dev.uictl.core.schema.SchemaValidator;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Checks one output against the contract: one JSON line, valid envelope, data valid for its type, tabled exit. */
public final class ContractAssert {
    private static final Map<String, Object> SCHEMAS = SchemaCommand.all(UictlRun.app().dispatcher().registry());

    private ContractAssert() {
    }

    public static JsonNode envelope(UictlRun.Output out) {
        List<String> lines = out.stdout().lines().toList();
        assertThat(lines).as("stdout of one call is exactly one line: %s", out.stdout()).hasSize(1);
        assertThat(out.stderr()).as("stderr never carries JSON").doesNotContain("{\"success\"");
        return envelope(lines.getFirst(), out.exit());
    }

    public static JsonNode envelope(String line, int exit) {
        JsonNode e = Json.parse(line);
        assertThat(SchemaValidator.validate(schema("envelope"), e)).as("envelope schema for %s", line).isEmpty();
        if (e.get("success").asBoolean()) {
            assertThat(exit).as("exit code of a success").isZero();
            String command = e.get("command").asString();
            Command c = UictlRun.app().dispatcher().registry().find(command).orElseThrow();
            if (e.has("data")) {
                assertThat(SchemaValidator.validate(schema(c.spec().output().name()), e.get("data")))
                        .as("data of %s against schema %s", command, c.spec().output().name()).isEmpty();
            }
        } else {
            ErrorCode code = ErrorCode.valueOf(e.get("error").get("code").asString());
            assertThat(exit).as("exit code of %s", code).isEqualTo(code.exitCode());
            assertThat(e.get("error").get("hint").asString()).isNotBlank();
        }
        return e;
    }

    private static JsonNode schema(String name) {
        return Json.tree(SCHEMAS.get(name));
    }
}
