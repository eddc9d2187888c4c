package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.toonformat.jtoon.JToon;
import dev.uictl.core.json.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class FormatTest {

    /** Timestamps differ between two runs; everything else must be equal. */
    private static JsonNode withoutTimestamp(JsonNode envelope) {
        ObjectNode copy = (ObjectNode) envelope.deepCopy();
        copy.remove("timestamp");
        return copy;
    }

    @ParameterizedTest
    @ValueSource(strings = {"version", "capabilities", "schema all", "tools", "nope", "help daemon"})
    void toonDecodesBackToTheJsonDocument(String line) {
        JsonNode json = Json.parse(UictlRun.run((line + " --json").split(" ")).stdout());
        UictlRun.Output toon = UictlRun.run((line + " --format toon").split(" "));
        JsonNode decoded = Json.parse(JToon.decodeToJson(toon.stdout()));
        assertThat(withoutTimestamp(decoded)).isEqualTo(withoutTimestamp(json));
        assertThat(toon.exit()).isEqualTo(json.get("success").asBoolean() ? 0 : 3);
    }

    @Test
    void textIsCompactAndCarriesTheFields() {
        UictlRun.Output out = UictlRun.run("version", "--text");
        assertThat(out.stdout()).contains("name: uictl").contains("contract_version: 1").doesNotContain("{");
    }

    @Test
    void markdownRendersTables() {
        UictlRun.Output out = UictlRun.run("tools", "--format", "md");
        assertThat(out.stdout()).startsWith("## tools").contains("| name |").contains("|---|");
    }

    @Test
    void formatComesFromTheEnvironmentAndTheFlagWins() {
        assertThat(UictlRun.run(Map.of("UICTL_FORMAT", "text"), "", "version").stdout()).startsWith("name: uictl");
        assertThat(UictlRun.run(Map.of("UICTL_FORMAT", "text"), "", "version", "--json").stdout())
                .startsWith("{\"success\":true");
    }

    @Test
    void helpAndCompletionPrintTheirTextAloneInTextFormat() {
        assertThat(UictlRun.run("help", "--text").stdout()).contains("Usage: uictl").contains("daemon start");
        String bash = UictlRun.run("completion", "bash", "--text").stdout();
        assertThat(bash).contains("complete -F _uictl uictl").contains("[\"daemon\"]=\"restart run start status stop\"");
    }
}
