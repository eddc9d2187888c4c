package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Every command, good input and bad, answers with one valid envelope and its tabled exit code. */
class ContractTest {

    /**
     * Categories whose examples need no desktop, terminal session or tmux server. The others run their examples
     * in contract tests of their own that first start the real environment (private desktop, PTY programs).
     */
    static final Set<Category> SELF_CONTAINED = EnumSet.of(Category.META, Category.DAEMON);

    /** Registry examples that run in-process without a daemon, a display or stdin. */
    static Stream<Arguments> examples() {
        List<Arguments> out = new ArrayList<>();
        for (CommandSpec spec : UictlRun.app().dispatcher().registry().specs()) {
            if (!SELF_CONTAINED.contains(spec.category()) || spec.runsInClient() || spec.streaming()
                    || spec.readsStdin()) {
                continue;
            }
            for (Example e : spec.examples()) {
                if (!e.commandLine().contains(">") && !e.commandLine().contains("|")
                        && !e.commandLine().contains("'")) {
                    out.add(Arguments.of(spec.name(), e.commandLine()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("examples")
    void everyExampleIsAValidEnvelope(String command, String line) {
        // Help prints text unless a format is asked for; ask for JSON here, helpIsTextByDefault covers the text.
        String asked = command.equals("help") && !line.contains("--text") ? line + " --json" : line;
        UictlRun.Output out = UictlRun.run(asked.split(" "));
        if (line.contains("--pretty")) {
            JsonNode e = ContractAssert.envelope(dev.uictl.core.json.Json.parse(out.stdout()).toString(), out.exit());
            assertThat(e.get("success").asBoolean()).isTrue();
            return;
        }
        if (line.contains("--format") || line.contains("--text")) {
            assertThat(out.stdout()).isNotBlank();
            assertThat(out.exit()).isZero();
            return;
        }
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("no-such-command"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("version", "--bogus"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("schema"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("schema", "no-such-type"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("completion", "tcsh"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("capabilities", "--category", "nope"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("capabilities", "--command", "nope"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("daemon"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("daemon", "stop", "--timeout", "soon"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("--format", "xml", "version"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("version", "--format"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("help", "nothing", "here", "--json"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("batch", "not json"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("batch", "{}"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("serve"), ErrorCode.MISSING_REQUIRED));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGetsAStructuredError(List<String> argv, ErrorCode expected) {
        UictlRun.Output out = UictlRun.run(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
        assertThat(out.exit()).isEqualTo(expected.exitCode());
    }

    @Test
    void helpIsTextByDefaultBecausePeopleTypeIt() {
        for (String[] argv : List.of(new String[] {"help"}, new String[] {"--help"}, new String[] {"help", "term", "wait"},
                new String[] {"term", "wait", "--help"}, new String[] {"daemon", "--help"})) {
            UictlRun.Output out = UictlRun.run(argv);
            assertThat(out.stdout()).as(String.join(" ", argv)).doesNotStartWith("{").contains("uictl");
            assertThat(out.exit()).isZero();
        }
        assertThat(UictlRun.run("term", "wait", "--help").stdout()).contains("Usage: uictl term wait");
        UictlRun.Output missing = UictlRun.run("help", "nothing", "here");
        assertThat(missing.stdout()).startsWith("error INVALID_ARGS: ");
        assertThat(missing.exit()).isEqualTo(ErrorCode.INVALID_ARGS.exitCode());
        JsonNode json = ContractAssert.envelope(UictlRun.run("help", "--json"));
        assertThat(json.get("data").get("text").asString()).contains("daemon start");
        JsonNode helpFlag = ContractAssert.envelope(UictlRun.run("--json", "version", "--help"));
        assertThat(helpFlag.get("command").asString()).isEqualTo("help");
    }

    @Test
    void unknownCommandSuggestsNearNames() {
        JsonNode e = ContractAssert.envelope(UictlRun.run("verison"));
        assertThat(e.get("error").get("details").get("did_you_mean").toString()).contains("version");
    }

    @Test
    void aliasRunsTheSameCommand() {
        JsonNode e = ContractAssert.envelope(UictlRun.run("get", "version"));
        assertThat(e.get("command").asString()).isEqualTo("version");
    }

    @Test
    void globalOptionsWorkAnywhereAndErrorsFollowTheRequestedFormat() {
        UictlRun.Output out = UictlRun.run("nope", "--text");
        assertThat(out.stdout()).startsWith("error INVALID_ARGS: ");
        assertThat(out.exit()).isEqualTo(3);
    }

    @Test
    void everyErrorCodeHasAnExitCodeAndHintAndTheTableIsShownByCapabilities() {
        JsonNode caps = ContractAssert.envelope(UictlRun.run("capabilities")).get("data");
        Set<ErrorCode> declared = EnumSet.noneOf(ErrorCode.class);
        UictlRun.app().dispatcher().registry().specs().forEach(s -> declared.addAll(s.errors()));
        assertThat(caps.get("error_codes")).extracting(row -> ErrorCode.valueOf(row.get("code").asString()))
                .as("advertised: exactly the codes some command declares").containsExactlyElementsOf(declared);
        for (JsonNode row : caps.get("error_codes")) {
            ErrorCode code = ErrorCode.valueOf(row.get("code").asString());
            assertThat(row.get("exit_code").asInt()).isEqualTo(code.exitCode()).isBetween(1, 11);
            assertThat(row.get("hint").asString()).isNotBlank();
        }
        assertThat(caps.get("commands")).hasSize(UictlRun.app().dispatcher().registry().specs().size());
        for (JsonNode c : caps.get("commands")) {
            assertThat(c.get("errors")).isNotEmpty();
            assertThat(c.get("examples")).isNotEmpty();
        }
    }

    @Test
    void capabilitiesEchoesItsFilters() {
        JsonNode data = ContractAssert.envelope(UictlRun.run("capabilities", "--category", "daemon", "--compact"))
                .get("data");
        assertThat(data.get("filters").get("category").asString()).isEqualTo("daemon");
        assertThat(data.get("filters").get("compact").asBoolean()).isTrue();
        assertThat(data.get("commands")).allSatisfy(c -> assertThat(c.get("category").asString()).isEqualTo("daemon"));
    }

    @Test
    void terseDropsAgentHints() {
        assertThat(UictlRun.run("tools").stdout()).contains("_agent_hints");
        assertThat(UictlRun.run("tools", "--terse").stdout()).doesNotContain("_agent_hints");
    }

    @Test
    void prettyIndentsButStaysTheSameDocument() {
        UictlRun.Output pretty = UictlRun.run("--pretty", "schema", "version");
        assertThat(pretty.stdout().lines().count()).isGreaterThan(5);
        assertThat(dev.uictl.core.json.Json.parse(pretty.stdout()).get("data"))
                .isEqualTo(dev.uictl.core.json.Json.parse(UictlRun.run("schema", "version").stdout()).get("data"));
    }
}
