package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 * examples' session "demo" is a bash), and bad input, each validated against the envelope and output schemas; each
 * example's effect is checked from outside uictl as well (see {@link #checkEffect}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TerminalContractTest {
    /** The order a person would use them in: sessions must exist before they are driven and closed last. */
    private static final List<String> ORDER = List.of("term open", "term list", "term type", "term keys",
            "term screen", "term resize", "term wait", "term transcript", "term attach", "term close");
    private static final String DEMO = "term open --name demo -- bash --norc --noprofile";
    /**
     * The programs the examples start get this environment: bash appends each command line it runs to HISTFILE
     * before every prompt, so what the keys made it run is read from bash's own file, not from our screen.
     */
    private static final Path HISTORY = tempFile("demo-history");
    private static final Map<String, String> ENV = Map.of("HISTFILE", HISTORY.toString(),
            "PROMPT_COMMAND", "history -a");
    /** What the type examples typed since the last Enter, and every line bash should have run so far. */
    private static final StringBuilder typed = new StringBuilder();
    private static final List<String> ran = new ArrayList<>();
    private static final Map<String, Long> pids = new HashMap<>();

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
        UictlRun.Output out = UictlRun.run(ENV, "", argv.toArray(String[]::new));
        if (argv.contains("--format")) {
            assertThat(out.exit()).as(out.stdout()).isZero();
            assertThat(out.stdout()).isNotBlank().doesNotStartWith("{");
            return;
        }
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        assertThat(e.get("command").asString()).isEqualTo(command);
        checkEffect(command, argv, e.get("data"));
    }

    /**
     * The example's effect seen from outside uictl: the kernel's view of the process (/proc, the tty's size by
     * stty), the lines bash itself recorded as run, the file written. Observations (list, screen, wait) are checked
     * against the live processes they name.
     */
    private static void checkEffect(String command, List<String> argv, JsonNode data) {
        switch (command) {
            case "term open" -> {
                long pid = data.get("pid").asLong();
                Path proc = Path.of("/proc", Long.toString(pid));
                // the program's argv as the kernel has it (argv[0] may be a full path: a PATH shim re-executes it)
                List<String> program = argv.subList(argv.indexOf("--") + 1, argv.size());
                List<String> cmdline = List.of(read(proc.resolve("cmdline")).split("\0"));
                assertThat(Path.of(cmdline.getFirst()).getFileName().toString()).isEqualTo(program.getFirst());
                assertThat(cmdline.subList(1, cmdline.size())).isEqualTo(program.subList(1, program.size()));
                String tty = link(proc.resolve("fd/0"));
                assertThat(tty).as("the program's stdin").startsWith("/dev/pts/").isEqualTo(data.get("tty").asString());
                if (argv.contains("--cwd")) {
                    assertThat(link(proc.resolve("cwd"))).isEqualTo(argv.get(argv.indexOf("--cwd") + 1));
                }
                if (argv.contains("--env")) {
                    assertThat(read(proc.resolve("environ")).split("\0"))
                            .contains(argv.get(argv.indexOf("--env") + 1));
                }
                if (argv.contains("--size")) {
                    String[] rc = argv.get(argv.indexOf("--size") + 1).split("x");
                    assertThat(stty(tty)).isEqualTo(rc[0] + " " + rc[1]);
                }
                if (argv.contains("--name")) {
                    pids.put(argv.get(argv.indexOf("--name") + 1), pid);
                }
                // a policy confines the program, and the result says so: the kernel shows its own pid namespace
                boolean policy = argv.stream().anyMatch(a -> a.startsWith("--allow-") || a.equals("--policy"));
                String nsPids = read(proc.resolve("status")).lines().filter(l -> l.startsWith("NSpid:"))
                        .findFirst().orElseThrow();
                assertThat(nsPids.split("\\s+")).as(nsPids).hasSize(policy ? 3 : 2);
                if (policy) {
                    assertThat(data.get("sandbox").toString()).contains("bwrap", "pid-namespace", "landlock-abi-");
                } else {
                    assertThat(data.has("sandbox")).as("an unconfined program has no sandbox").isFalse();
                }
            }
            case "term resize" -> {
                String[] rc = argv.get(3).split("x");
                assertThat(stty(ttyOf(argv.get(2)))).isEqualTo(rc[0] + " " + rc[1]);
            }
            case "term type" -> typed.append(argv.get(3));
            case "term keys" -> {
                List<String> keys = argv.subList(3, argv.contains("--wait-text") ? argv.indexOf("--wait-text")
                        : argv.size());
                if (keys.equals(List.of("Enter"))) {
                    ran.add(typed.toString());
                } else if (keys.equals(List.of("Up", "Enter")) && !ran.isEmpty()) {
                    ran.add(ran.getLast());
                }
                if (keys.contains("Enter") || keys.contains("C-c")) {
                    typed.setLength(0);
                }
                // bash appends a line to its history file before the next prompt: wait for the lines it ran
                Poll.until("bash recorded " + ran + " in " + HISTORY, () -> historyLines().equals(ran));
            }
            case "term transcript" -> {
                if (argv.contains("--output")) {
                    String saved = read(Path.of(argv.get(argv.indexOf("--output") + 1)));
                    assertThat(saved).as("the raw transcript bash's output went to").contains("hello");
                }
            }
            case "term list" -> data.get("sessions").forEach(s -> {
                if (s.path("running").asBoolean(false)) {
                    assertThat(Path.of("/proc", s.get("pid").asString())).as(s.toString()).exists();
                    // listed as confined exactly when the kernel has the program in a pid namespace of its own
                    String nsPids = read(Path.of("/proc", s.get("pid").asString(), "status")).lines()
                            .filter(l -> l.startsWith("NSpid:")).findFirst().orElseThrow();
                    assertThat(s.has("sandbox")).as(s + " " + nsPids).isEqualTo(nsPids.split("\\s+").length == 3);
                }
            });
            case "term close" -> {
                Long pid = pids.remove(argv.get(2));
                if (pid != null) {
                    Poll.until("pid " + pid + " ended", () -> ProcessHandle.of(pid).map(p -> !p.isAlive())
                            .orElse(true));
                }
            }
            default -> { }
        }
    }

    private static List<String> historyLines() {
        return Files.exists(HISTORY) ? read(HISTORY).lines().toList() : List.of();
    }

    private static String ttyOf(String session) {
        return link(Path.of("/proc", Long.toString(pids.get(session)), "fd/0"));
    }

    /** The terminal's size as the kernel has it ("ROWS COLS"), read by stty on the pty itself. */
    private static String stty(String tty) {
        return ExternalTool.run(Map.of(), "stty", "-F", tty, "size").text().strip();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String link(Path p) {
        try {
            return Files.readSymbolicLink(p).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path tempFile(String prefix) {
        try {
            Path p = Files.createTempFile(prefix, ".txt");
            Files.delete(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        for (String gone : List.of("term type exiting x", "term keys exiting Enter", "term resize exiting 30x100")) {
            JsonNode e = ContractAssert.envelope(run(gone));
            assertThat(e.get("error").get("code").asString()).as(gone + ": " + e).isEqualTo("PROCESS_EXIT");
            assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        }
        JsonNode screen = ContractAssert.envelope(run("term screen exiting"));
        assertThat(screen.get("data").get("rows").asInt()).as("a refused resize leaves the screen's size")
                .isEqualTo(24);
        JsonNode waited2 = ContractAssert.envelope(run("term wait exiting --text never --timeout 2000"));
        assertThat(waited2.get("error").get("code").asString()).isEqualTo("PROCESS_EXIT");
        JsonNode closed = ContractAssert.envelope(run("term close exiting"));
        assertThat(closed.get("data").get("exit").get("code").asInt()).isEqualTo(5);
    }

    /**
     * Issue 26 item 6, reproduced with sh: the open of a program that had already exited suggested `uictl term keys
     * ID Enter`, which then fails PROCESS_EXIT. No hint suggests input to it; the suggested action runs and reads
     * what the program wrote.
     */
    @Order(4)
    @Test
    void theHintsForAProgramThatAlreadyEndedSuggestNoInput() {
        JsonNode opened = ContractAssert.envelope(run("term open --name ended -- sh -c 'echo done; exit 2'"));
        assertThat(opened.get("data").get("exit").get("code").asInt()).as(opened.toString()).isEqualTo(2);
        JsonNode hints = opened.get("_agent_hints");
        assertThat(hints.toString()).doesNotContain("uictl term keys").doesNotContain("uictl term type")
                .doesNotContain("uictl term paste");
        String suggested = hints.get("suggested_action").asString();
        JsonNode followed = ContractAssert.envelope(run(suggested.substring("uictl ".length())));
        assertThat(followed.get("success").asBoolean()).as(suggested + ": " + followed).isTrue();
        assertThat(followed.toString()).as("the program's own output").contains("done");
        ContractAssert.envelope(run("term close ended"));
    }

    /** A readiness text the program never printed before exiting: PROCESS_EXIT, the session left to read. */
    @Order(5)
    @Test
    void anOpenWaitingForTextThatNeverComesEndsWithTheProgram() {
        JsonNode e = ContractAssert.envelope(run("term open --name early --wait-text ready -- sh -c 'echo starting; exit 2'"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("PROCESS_EXIT");
        JsonNode screen = ContractAssert.envelope(run("term screen early"));
        assertThat(screen.get("data").get("lines").get(0).asString()).isEqualTo("starting");
        ContractAssert.envelope(run("term close early"));
    }

    /**
     * A program reading line by line gets at most 4095 bytes of one line from the kernel, which drops the rest
     * silently: a longer line is refused with nothing sent, a line that fits arrives whole. The file cat writes is
     * the oracle.
     */
    @Order(6)
    @Test
    void aLineLongerThanTheKernelPassesIsRefusedNotCutShort() throws Exception {
        Path got = tempFile("line-got");
        ContractAssert.envelope(run("term open --name liner -- sh -c 'exec cat > " + got + "'"));
        JsonNode refused = ContractAssert.envelope(UictlRun.run(Map.of(), "", "term", "type", "liner",
                "x".repeat(5000)));
        assertThat(refused.get("error").get("code").asString()).as(refused.toString()).isEqualTo("INVALID_ARGS");
        assertThat(refused.get("error").get("details").get("kind").asString()).isEqualTo("line_too_long");
        assertThat(refused.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        ContractAssert.envelope(UictlRun.run(Map.of(), "", "term", "type", "liner", "y".repeat(4000)));
        ContractAssert.envelope(run("term keys liner Enter C-d"));
        ContractAssert.envelope(run("term wait liner --exit --timeout 5000"));
        assertThat(Files.readString(got)).isEqualTo("y".repeat(4000) + "\n");
        ContractAssert.envelope(run("term close liner"));
    }

    /**
     * Opening, typing and pressing keys while waiting for text the program never shows: each is TIMEOUT after its
     * wait, yet what was sent arrived (the file cat writes is the oracle) and the session stays open.
     */
    @Order(7)
    @Test
    void waitsForTextThatNeverShowsAreTimeoutsAfterTheInputArrived() throws Exception {
        Path got = tempFile("wait-got");
        for (String line : List.of("term open --name waiter --wait-text never-shown --timeout 300 -- sh -c 'exec cat > "
                + got + "'", "term type waiter hello --wait-text never-shown --timeout 300",
                "term keys waiter Enter --wait-text never-shown --timeout 300")) {
            JsonNode e = ContractAssert.envelope(run(line));
            assertThat(e.get("error").get("code").asString()).as(line + ": " + e).isEqualTo("TIMEOUT");
        }
        assertThat(sessionIsOpen("waiter")).isTrue();
        ContractAssert.envelope(run("term keys waiter C-d"));
        ContractAssert.envelope(run("term wait waiter --exit --timeout 5000"));
        assertThat(Files.readString(got)).isEqualTo("hello\n");
        ContractAssert.envelope(run("term close waiter"));
    }

    /** A script naming itself as its interpreter: the kernel gives up (ELOOP), so term open is IO_ERROR. */
    @Order(8)
    @Test
    void aScriptThatIsItsOwnInterpreterCannotStart() throws Exception {
        Path loop = tempFile("own-interpreter");
        Files.writeString(loop, "#!" + loop + "\n");
        Files.setPosixFilePermissions(loop, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThatThrownBy(() -> new ProcessBuilder(loop.toString()).start()).as("the kernel's verdict")
                .hasMessageContaining("Too many levels");
        JsonNode e = ContractAssert.envelope(UictlRun.run(Map.of(), "", "term", "open", "--name", "looping", "--",
                loop.toString()));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("IO_ERROR");
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(sessionIsOpen("looping")).isFalse();
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
