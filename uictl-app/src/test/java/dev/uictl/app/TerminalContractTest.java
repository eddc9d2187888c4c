package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the terminal commands, run in-process against real programs on real PTYs (the
 * examples' session "demo" is a bash), and bad input, each validated against the envelope and output schemas.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TerminalContractTest {
    /** The order a person would use them in: sessions must exist before they are driven and closed last. */
    private static final List<String> ORDER = List.of("term open", "term list", "term type", "term keys",
            "term screen", "term resize", "term wait", "term transcript", "term attach", "term close");
    private static final String DEMO = "term open --name demo -- bash --norc --noprofile";

    static Stream<Arguments> examples() {
        List<Arguments> out = new ArrayList<>();
        List<CommandSpec> specs = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> s.category() == Category.TERMINAL).toList();
        assertThat(specs).extracting(CommandSpec::name).containsExactlyInAnyOrderElementsOf(ORDER);
        for (String name : ORDER) {
            CommandSpec spec = specs.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
            for (Example e : spec.examples()) {
                out.add(Arguments.of(spec.name(), e.commandLine()));
            }
        }
        return out.stream();
    }

    @Order(1)
    @ParameterizedTest(name = "{1}")
    @MethodSource("examples")
    void everyExampleIsAValidEnvelope(String command, String line) {
        if (!line.equals(DEMO) && line.contains(" demo") && !demoIsOpen()) {
            ContractAssert.envelope(run(DEMO)); // an earlier close example ended it
        }
        List<String> argv = ShellWords.split(line);
        UictlRun.Output out = UictlRun.run(Map.of(), "", argv.toArray(String[]::new));
        if (argv.contains("--format")) {
            assertThat(out.exit()).as(out.stdout()).isZero();
            assertThat(out.stdout()).isNotBlank().doesNotStartWith("{");
            return;
        }
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("term", "screen", "no-such-session"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("term", "keys", "no-such-session", "Enter"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("term", "close", "t999"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("term", "open", "--size", "huge", "--", "cat"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "open", "--env", "NOEQUALS", "--", "cat"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "open", "--cwd", "/no/such/dir", "--", "cat"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "open", "--", "no-such-program-xyz"), ErrorCode.APP_NOT_FOUND),
                Arguments.of(List.of("term", "open", "--", "/etc/hostname"), ErrorCode.PERMISSION_DENIED),
                Arguments.of(List.of("term", "open"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("term", "keys", "contract", "NoSuchKey"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "contract"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("term", "wait", "contract", "--text", "a", "--exit"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "contract", "--regex", "(unclosed"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "contract", "--cursor", "top"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "wait", "contract", "--text", "never there", "--timeout", "50"),
                        ErrorCode.TIMEOUT),
                Arguments.of(List.of("term", "wait", "contract", "--idle", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "resize", "contract", "0x0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "screen", "contract", "--scrollback", "-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "transcript", "contract", "--output", "/no/such/dir/x.log"),
                        ErrorCode.IO_ERROR),
                Arguments.of(List.of("term", "close", "contract", "--signal", "NOPE"), ErrorCode.INVALID_ARGS),
                // policies: every violation is refused before anything starts
                Arguments.of(List.of("term", "open", "--allow-exec", "/usr/bin/cat", "--env-set", "LD_PRELOAD=/x.so",
                        "--cwd", "/usr/share/doc", "--allow-read", "/usr/share/doc", "--", "cat"), ErrorCode.POLICY_DENIED),
                Arguments.of(List.of("term", "open", "--sandbox", "none", "--allow-exec", "/usr/bin/cat", "--", "cat"),
                        ErrorCode.POLICY_DENIED),
                Arguments.of(List.of("term", "open", "--allow-write", "/", "--fs-write-unsafe-ack", "--", "cat"),
                        ErrorCode.POLICY_DENIED),
                Arguments.of(List.of("term", "open", "--policy", "/no/such/policy.json", "--", "cat"),
                        ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("term", "open", "--env-set", "NOEQUALS", "--", "cat"), ErrorCode.INVALID_ARGS));
    }

    @Order(2)
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGetsAStructuredError(List<String> argv, ErrorCode expected) {
        if (!sessionIsOpen("contract")) {
            ContractAssert.envelope(run("term open --name contract -- cat"));
        }
        UictlRun.Output out = UictlRun.run(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
    }

    @Order(3)
    @Test
    void aRefusedPolicyListsEveryViolationWithExitNine() {
        UictlRun.Output out = UictlRun.run("term", "open", "--sandbox", "none", "--allow-write", "/", "--env-set",
                "LD_PRELOAD=/x.so", "--", "cat");
        JsonNode e = ContractAssert.envelope(out);
        assertThat(out.exit()).isEqualTo(9);
        List<String> fields = new ArrayList<>();
        e.get("error").get("details").get("violations").forEach(v -> fields.add(v.get("field").asString()));
        assertThat(fields).contains("sandbox_unsafe_ack", "network_unsafe_ack", "fs.allowed_write[0]",
                "fs_write_unsafe_ack", "env.set.LD_PRELOAD", "command");
    }

    @Order(3)
    @Test
    void aTimedOutWaitCarriesTheLastObservation() {
        ContractAssert.envelope(run("term open --name observed -- sh -c 'echo visible; exec cat'"));
        JsonNode e = ContractAssert.envelope(run("term wait observed --text absent --timeout 100"));
        JsonNode details = e.get("error").get("details");
        assertThat(details.get("kind").asString()).isEqualTo("wait");
        assertThat(details.get("timeout_ms").asInt()).isEqualTo(100);
        assertThat(details.get("last_observation").get("lines").get(0).asString()).isEqualTo("visible");
    }

    @Order(4)
    @Test
    void aProgramThatExitedIsReportedAsSuchWithItsStatus() {
        ContractAssert.envelope(run("term open --name exiting -- sh -c 'exit 5'"));
        JsonNode waited = ContractAssert.envelope(run("term wait exiting --exit"));
        assertThat(waited.get("data").get("exit").get("code").asInt()).isEqualTo(5);
        JsonNode typed = ContractAssert.envelope(run("term type exiting x"));
        assertThat(typed.get("error").get("code").asString()).isEqualTo("PROCESS_EXIT");
        assertThat(typed.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        JsonNode closed = ContractAssert.envelope(run("term close exiting"));
        assertThat(closed.get("data").get("exit").get("code").asInt()).isEqualTo(5);
    }

    @AfterAll
    static void closeEverySession() {
        JsonNode list = ContractAssert.envelope(run("term list"));
        for (JsonNode s : list.get("data").get("sessions")) {
            ContractAssert.envelope(run("term close " + s.get("session_id").asString() + " --grace 200"));
        }
        assertThat(ContractAssert.envelope(run("term list")).get("data").get("count").asInt()).isZero();
    }

    private static boolean demoIsOpen() {
        return sessionIsOpen("demo");
    }

    private static boolean sessionIsOpen(String name) {
        JsonNode list = ContractAssert.envelope(run("term list"));
        for (JsonNode s : list.get("data").get("sessions")) {
            if (s.has("name") && s.get("name").asString().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static UictlRun.Output run(String line) {
        return UictlRun.run(Map.of(), "", ShellWords.split(line).toArray(String[]::new));
    }
}
