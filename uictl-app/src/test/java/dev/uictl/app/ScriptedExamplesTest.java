package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the scripted commands (exec, run, driver, replay, replay-report; trace's are run by
 * TraceContractTest) runs as written, from the repository's root as the README's tour does, and does what its
 * description says: the examples are docs/commands.md. Issue 26 item 4: `exec --allow-exec /usr/bin/echo -- echo
 * hello` was POLICY_DENIED (no working directory) from any directory and the --allow-read /usr one broad_root.
 * The effects are the programs' own: echo's line on the screen, the names ls and bash listed.
 */
class ScriptedExamplesTest {
    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    /** Producers first: replay and replay-report read what the run examples recorded. */
    private static final List<String> ORDER = List.of("exec", "run", "driver", "replay", "replay-report");
    /** Examples whose description announces a refusal, and its code. */
    private static final Map<String, String> REFUSALS = Map.of(
            "exec --explain-policy -- /usr/bin/id", "POLICY_DENIED",
            "replay --artifacts /tmp/uictl-run-demo --strict", "REPLAY_MISMATCH");

    @Test
    void everyScriptedExampleRunsAsWritten() throws IOException {
        List<CommandSpec> specs = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> s.category() == Category.SCRIPTED && !s.name().equals("trace"))
                .sorted(Comparator.comparingInt(s -> ORDER.indexOf(s.name()))).toList();
        assertThat(specs).extracting(CommandSpec::name).as("a new scripted command: run its examples here")
                .containsExactlyElementsOf(ORDER);
        String aDocName;
        try (Stream<Path> docs = Files.list(Path.of("/usr/share/doc"))) {
            // the last one: a driver response keeps the tail of a long transcript_delta (bash's listing ends with it)
            aDocName = docs.map(p -> p.getFileName().toString()).max(Comparator.naturalOrder()).orElseThrow();
        }
        List<String> ran = new ArrayList<>();
        for (CommandSpec spec : specs) {
            for (Example e : spec.examples()) {
                String stdin = spec.name().equals("driver")
                        ? e.description().substring(e.description().indexOf('{')) + "\n" : "";
                UictlRun.Output out = UictlRun.run(HOME, new ByteArrayInputStream(stdin.getBytes(
                        StandardCharsets.UTF_8)), ShellWords.split(e.commandLine()).toArray(String[]::new));
                String refusal = REFUSALS.get(e.commandLine());
                if (refusal != null) {
                    JsonNode envelope = Json.parse(out.stdout());
                    assertThat(envelope.path("error").path("code").asString()).as(e.commandLine() + "\n" + out.stdout())
                            .isEqualTo(refusal);
                } else if (spec.name().equals("driver")) {
                    List<JsonNode> lines = out.stdout().lines().map(Json::parse).toList();
                    assertThat(lines).as(out.stdout()).extracting(l -> l.get("type").asString())
                            .containsExactly("handshake", "response", "end");
                    assertThat(lines.get(1).get("status").asString()).isEqualTo("ok");
                    assertThat(lines.get(1).get("observation").get("transcript_delta").asString())
                            .as("bash listed its working directory").contains(aDocName);
                } else {
                    JsonNode data = success(e, out);
                    if (e.commandLine().contains("echo hello")) {
                        assertThat(data.get("final_screen").get("lines").get(0).asString()).isEqualTo("hello");
                        assertThat(data.get("exit").get("code").asInt()).isZero();
                    }
                    if (e.commandLine().contains("-- ls")) {
                        assertThat(Files.readString(Path.of("/tmp/uictl-exec-demo/transcript.log")))
                                .as("ls listed its working directory").contains(aDocName);
                    }
                }
                ran.add(e.commandLine());
            }
        }
        assertThat(ran).containsAll(REFUSALS.keySet());
    }

    private static JsonNode success(Example e, UictlRun.Output out) {
        JsonNode envelope = Json.parse(out.stdout());
        assertThat(envelope.get("success").asBoolean()).as(e.commandLine() + "\n" + out.stdout()).isTrue();
        return envelope.get("data");
    }
}
