package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.RobotAlias;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the tmux commands and every NTM robot alias, run in-process against a real tmux on
 * private sockets (TMUX_TMPDIR points at a temporary directory, so even the "default" server is private), each
 * validated against the envelope and output schemas; the effects are checked with the plain tmux CLI.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TmuxContractTest {
    private static final List<String> ORDER = List.of("tmux spawn", "tmux status", "tmux send", "tmux tail",
            "tmux wait", "tmux interrupt", "tmux activity", "tmux health", "tmux kill");
    private static Path tmpdir;
    private static Map<String, String> env;

    @BeforeAll
    static void privateTmux() throws IOException {
        tmpdir = Files.createTempDirectory(Path.of("/tmp"), "uictl-tmuxc-");
        env = Map.of("TMUX_TMPDIR", tmpdir.toString(), "TMUX", "");
    }

    @AfterAll
    static void cleanUp() throws Exception {
        for (String server : List.of("uictl-demo", "default", "robot")) {
            oracle("-L", server, "kill-server");
        }
        try (Stream<Path> files = Files.walk(tmpdir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The tmux CLI against the private servers: the independent oracle. */
    static String oracle(String... args) {
        return TmuxCli.run(tmpdir, List.of(args));
    }

    static UictlRun.Output run(String... argv) {
        return UictlRun.run(env, "", argv);
    }

    static Stream<Arguments> examples() {
        List<CommandSpec> specs = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(s -> s.category() == Category.TMUX).toList();
        assertThat(specs).extracting(CommandSpec::name).containsExactlyInAnyOrderElementsOf(ORDER);
        List<Arguments> out = new ArrayList<>();
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
        UictlRun.Output out = run(ShellWords.split(line).toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
    }

    @Order(2)
    @Test
    void theExamplesHadTheirEffects() throws Exception {
        // spawn made demo with two panes; send typed into the active one; kill ended it
        assertThat(oracle("-L", "uictl-demo", "has-session", "-t", "=demo"))
                .containsAnyOf("can't find session", "error connecting", "no server running");
        assertThat(oracle("has-session", "-t", "=work")).isEmpty(); // the default (private) server's session
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("tmux", "send", "nosuch", "--msg", "x", "-L", "uictl-demo"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("tmux", "send", "work", "--msg", "x", "--pane", "7"), ErrorCode.PANE_NOT_FOUND),
                Arguments.of(List.of("tmux", "send", "work", "--msg", "x", "--pane", "x.y"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "send", "work", "--msg", "x", "--pane", "0", "--all"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "send", "work"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("tmux", "send", "w:rk", "--msg", "x"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "tail", "work", "--lines", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "tail", "wor"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("tmux", "wait", "work", "--condition", "text"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "wait", "work", "--condition", "text", "--text", "never", "--timeout", "100"),
                        ErrorCode.TIMEOUT),
                Arguments.of(List.of("tmux", "spawn", "work"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "spawn", "x", "--size", "1x1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "spawn", "x", "--dir", "/no/such/dir"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "kill", "nosuch"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("tmux", "status", "nosuch"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("tmux", "health", "nosuch"), ErrorCode.SESSION_NOT_FOUND),
                Arguments.of(List.of("tmux", "tail", "work", "--pane", "7"), ErrorCode.PANE_NOT_FOUND),
                Arguments.of(List.of("tmux", "wait", "work", "--pane", "7", "--timeout", "100"), ErrorCode.PANE_NOT_FOUND),
                Arguments.of(List.of("tmux", "interrupt", "work", "--pane", "7"), ErrorCode.PANE_NOT_FOUND),
                Arguments.of(List.of("tmux", "activity", "work", "--pane", "7"), ErrorCode.PANE_NOT_FOUND),
                Arguments.of(List.of("tmux", "status", "-L", "a", "-S", "/tmp/x"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("tmux", "status"), null),
                Arguments.of(List.of("--robot-send"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("--robot-format=yaml", "--robot-status"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("--robot-status", "--robot-health"), ErrorCode.INVALID_ARGS));
    }

    @Order(3)
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputGetsAStructuredError(List<String> argv, ErrorCode expected) {
        UictlRun.Output out = run(argv.toArray(String[]::new));
        JsonNode e = ContractAssert.envelope(out);
        if (expected == null) {
            assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
            return;
        }
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(out.stdout()).isEqualTo(expected.name());
    }

    /**
     * tmux stores a session named "x.y" as "x_y" ('.' and ':' separate window and pane in targets): before, spawn
     * created x_y, then failed with INTERNAL_ERROR reading its panes back, leaving the session behind. tmux's own
     * has-session is the oracle that nothing was created.
     */
    @Test
    void aSessionNameTmuxWouldRewriteIsRefusedAndNothingIsCreated() throws Exception {
        try {
            JsonNode e = ContractAssert.envelope(run("tmux", "spawn", "x.y", "-L", "dotted"));
            assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("INVALID_ARGS");
            assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
            assertThat(oracle("-L", "dotted", "has-session", "-t", "=x_y"))
                    .containsAnyOf("can't find session", "error connecting", "no server running");
        } finally {
            oracle("-L", "dotted", "kill-server");
        }
    }

    /**
     * A pane whose program reads line by line gets at most 4095 bytes of one line from the kernel (the echo still
     * shows every byte): a longer line is refused with nothing sent, one that fits arrives whole. The file cat writes
     * is the oracle.
     */
    @Test
    void aLineLongerThanThePanesTerminalPassesIsRefusedNotCutShort() throws Exception {
        Path got = tmpdir.resolve("line-got");
        JsonNode spawned = ContractAssert.envelope(run("tmux", "spawn", "liner", "-L", "lines", "--pane-cmd",
                "cat > " + got));
        assertThat(spawned.get("success").asBoolean()).as(spawned.toString()).isTrue();
        try {
            JsonNode refused = ContractAssert.envelope(run("tmux", "send", "liner", "-L", "lines", "--msg",
                    "z".repeat(6000)));
            assertThat(refused.get("error").get("code").asString()).as(refused.toString()).isEqualTo("INVALID_ARGS");
            assertThat(refused.get("error").get("details").get("kind").asString()).isEqualTo("line_too_long");
            assertThat(refused.get("error").get("delivery").asString()).isEqualTo("not_delivered");
            JsonNode sent = ContractAssert.envelope(run("tmux", "send", "liner", "-L", "lines", "--msg",
                    "y".repeat(4000)));
            assertThat(sent.get("success").asBoolean()).as(sent.toString()).isTrue();
            oracle("-L", "lines", "send-keys", "-t", "=liner:", "C-d");
            ExternalTool.await("cat wrote its line", () -> Files.exists(got) && readQuietly(got).endsWith("\n"));
            assertThat(Files.readString(got)).isEqualTo("y".repeat(4000) + "\n");
        } finally {
            oracle("-L", "lines", "kill-server");
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Without tmux on the caller's PATH every tmux command says so, naming the dependency; health reports it as an
     * issue instead (answering "is tmux usable here" is its job).
     */
    @Test
    void withoutTmuxOnPathEveryTmuxCommandIsDependencyMissing() {
        Map<String, String> noTmux = new java.util.HashMap<>(env);
        noTmux.put("PATH", tmpdir.resolve("empty-bin").toString());
        noTmux.put("TMUX_TMPDIR", tmpdir.resolve("never-started").toString()); // no server the daemon already knows
        List<List<String>> calls = List.of(List.of("tmux", "spawn", "x"), List.of("tmux", "status"),
                List.of("tmux", "send", "work", "--msg", "x"), List.of("tmux", "tail", "work"),
                List.of("tmux", "wait", "work", "--timeout", "100"), List.of("tmux", "interrupt", "work"),
                List.of("tmux", "activity", "work"), List.of("tmux", "kill", "work"));
        assertThat(calls.stream().map(c -> String.join(" ", c.subList(0, 2))))
                .containsExactlyElementsOf(ORDER.stream().filter(c -> !c.equals("tmux health")).toList());
        for (List<String> call : calls) {
            UictlRun.Output out = UictlRun.run(noTmux, "", call.toArray(String[]::new));
            JsonNode e = ContractAssert.envelope(out);
            assertThat(e.path("error").path("code").asString("")).as(out.stdout()).isEqualTo("DEPENDENCY_MISSING");
            assertThat(e.get("error").get("message").asString()).as(out.stdout()).contains("tmux");
        }
        JsonNode health = ContractAssert.envelope(UictlRun.run(noTmux, "", "tmux", "health")).get("data");
        assertThat(health.get("tmux_available").asBoolean()).isFalse();
        assertThat(health.get("issues").toString()).contains("tmux is not on PATH");
    }

    static Stream<Arguments> robotLines() {
        return Stream.of(
                Arguments.of("--robot-spawn=bot --pane-cmd=cat -L robot", "tmux spawn"),
                Arguments.of("--robot-status -L robot", "tmux status"),
                Arguments.of("--robot-snapshot -L robot", "tmux status"),
                Arguments.of("--robot-send=bot --msg=hello -L robot", "tmux send"),
                Arguments.of("--robot-tail=bot --lines=5 -L robot", "tmux tail"),
                Arguments.of("--robot-wait=bot --condition=idle --quiet-ms=200 -L robot", "tmux wait"),
                Arguments.of("--robot-activity=bot --quiet-ms=200 -L robot", "tmux activity"),
                Arguments.of("--robot-interrupt=bot --quiet-ms=200 -L robot", "tmux interrupt"),
                Arguments.of("--robot-health=bot -L robot", "tmux health"),
                Arguments.of("--robot-health -L robot", "tmux health"),
                Arguments.of("--robot-version", "version"),
                Arguments.of("--robot-tools", "tools"),
                Arguments.of("--robot-capabilities", "capabilities"),
                Arguments.of("--schema=tmux-sent", "schema"),
                Arguments.of("--robot-terse --robot-tail=bot -L robot", "tmux tail"),
                Arguments.of("--robot-format=json --robot-status -L robot", "tmux status"));
    }

    @Order(4)
    @ParameterizedTest(name = "{0}")
    @MethodSource("robotLines")
    void everyRobotAliasRunsItsCommandWithTheSameEnvelope(String line, String command) {
        UictlRun.Output out = run(line.split(" "));
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
        if (line.contains("--robot-terse")) {
            assertThat(out.stdout().strip()).doesNotContain("\n");
            assertThat(e.has("_agent_hints")).isFalse();
        }
    }

    @Order(5)
    @Test
    void theRobotSendReachedThePaneAndEveryAliasIsCovered() throws Exception {
        assertThat(oracle("-L", "robot", "capture-pane", "-p", "-t", "=bot:")).contains("hello");
        List<String> covered = robotLines().map(a -> ((String) a.get()[0]).split("[= ]")[0]).toList();
        List<String> modifiers = List.of("--robot-format", "--robot-terse", "--robot-markdown");
        for (RobotAlias a : RobotAlias.ALL) {
            assertThat(covered.contains(a.flag()) || modifiers.contains(a.flag())).as(a.flag()).isTrue();
        }
    }

    @Order(6)
    @Test
    void formatAliasesChangeOnlyTheRendering() {
        UictlRun.Output toon = run("--robot-format=toon", "--robot-status", "-L", "robot");
        assertThat(toon.exit()).isZero();
        assertThat(toon.stdout()).doesNotStartWith("{").contains("success: true").contains("bot");
        UictlRun.Output md = run("--robot-markdown", "--robot-status", "-L", "robot");
        assertThat(md.exit()).isZero();
        assertThat(md.stdout()).doesNotStartWith("{").contains("|");
        UictlRun.Output caps = run("--robot-capabilities");
        JsonNode aliases = Json.parse(caps.stdout()).get("data").get("robot_aliases");
        assertThat(aliases).hasSize(RobotAlias.ALL.size());
        assertThat(aliases.get(0).get("flag").asString()).isEqualTo("--robot-status");
        // a message that merely looks like a robot flag is text, not a command
        UictlRun.Output literal = run("tmux", "send", "bot", "--msg", "--robot-status", "--keys", "--no-enter",
                "-L", "robot");
        assertThat(Json.parse(literal.stdout()).get("command").asString()).isEqualTo("tmux send");
        assertThat(run("--robot-interrupt=bot", "--all", "-L", "robot").exit()).isZero();
        assertThat(run("tmux", "kill", "bot", "-L", "robot").exit()).isZero();
    }
}
