package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Real programs driven through the built bin/uictl and a private daemon, with both clients. Effects are checked
 * outside uictl: files the programs write, tmux showing the same program, /proc for leftover processes.
 */
@Tag("e2e")
class TerminalEndToEndTest {
    private Path runtimeDir;
    private Path work;
    private final String marker = UUID.randomUUID().toString();

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-term-e2e");
        work = Files.createTempDirectory(Path.of("/tmp"), "uictl-term-work");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (runtimeDir == null) {
            return;
        }
        new Cli("java", runtimeDir).run("daemon", "stop");
        for (Path dir : List.of(runtimeDir, work)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private JsonNode ok(Cli cli, String... args) {
        Cli.Result r = cli.run(args);
        JsonNode e = r.envelope();
        assertThat(e.get("success").asBoolean()).as(r.stdout()).isTrue();
        return e.get("data");
    }

    private String[] open(String name, String... command) {
        List<String> argv = new ArrayList<>(List.of("term", "open", "--name", name, "--cwd", work.toString(),
                "--env", "UICTL_E2E_MARK=" + marker, "--"));
        argv.addAll(List.of(command));
        return argv.toArray(String[]::new);
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void bashRunsTypedCommandsAndTheirEffectsAreReal(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        JsonNode opened = ok(cli, open("sh", "bash", "--norc", "--noprofile"));
        assertThat(opened.get("session_id").asString()).isEqualTo("t1");
        ok(cli, "term", "type", "sh", "echo written-by-bash > out.txt; echo fin''ished");
        JsonNode entered = ok(cli, "term", "keys", "sh", "Enter");
        assertThat(entered.get("settled").asBoolean()).isTrue();
        ok(cli, "term", "wait", "sh", "--regex", "^finished$", "--timeout", "10000");
        assertThat(Files.readString(work.resolve("out.txt"))).isEqualTo("written-by-bash\n");
        JsonNode list = ok(cli, "term", "list");
        assertThat(list.get("sessions").get(0).get("cwd").asString()).isEqualTo(work.toString());
        JsonNode closed = ok(cli, "term", "close", "sh");
        assertThat(closed.get("exit").get("signal").asString()).isEqualTo("HUP");
        assertThat(markedProcesses()).isEmpty();
        assertThat(zombieChildrenOf(cli.daemonPid())).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void vimEditsAFileAndExitsWithCodeZero(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("vim", "vim", "-u", "NONE", "-N", "-n", "notes.txt"));
        ok(cli, "term", "keys", "vim", "i");
        ok(cli, "term", "type", "vim", "hello from vim");
        JsonNode escaped = ok(cli, "term", "keys", "vim", "Escape");
        assertThat(escaped.get("screen").get("lines").get(0).asString()).isEqualTo("hello from vim");
        ok(cli, "term", "type", "vim", ":wq");
        ok(cli, "term", "keys", "vim", "Enter");
        JsonNode exited = ok(cli, "term", "wait", "vim", "--exit", "--timeout", "10000");
        assertThat(exited.get("exit").get("code").asInt()).isZero();
        assertThat(Files.readString(work.resolve("notes.txt"))).isEqualTo("hello from vim\n");
        ok(cli, "term", "close", "vim");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void cursorKeysReachACursesProgramInApplicationMode(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        Files.writeString(work.resolve("keys.py"), """
                import curses
                def main(w):
                    w.keypad(True)
                    w.addstr(0, 0, "ready")
                    names = []
                    while True:
                        k = w.getch()
                        if k == ord('q'):
                            break
                        names.append(curses.keyname(k).decode())
                        w.addstr(1, 0, " ".join(names))
                    open("keys.txt", "w").write(" ".join(names))
                curses.wrapper(main)
                """);
        ok(cli, open("py", "python3", "keys.py"));
        ok(cli, "term", "wait", "py", "--text", "ready", "--timeout", "10000");
        JsonNode screen = ok(cli, "term", "screen", "py");
        assertThat(screen.get("modes").get("application_cursor").asBoolean()).isTrue();
        assertThat(screen.get("alternate_screen").asBoolean()).isTrue();
        ok(cli, "term", "keys", "py", "Up", "Home", "F5", "S-Up", "C-Left");
        ok(cli, "term", "wait", "py", "--text", "kLFT5", "--timeout", "10000");
        ok(cli, "term", "keys", "py", "q");
        ok(cli, "term", "wait", "py", "--exit", "--timeout", "10000");
        assertThat(Files.readString(work.resolve("keys.txt"))).isEqualTo("KEY_UP KEY_HOME KEY_F(5) KEY_SR kLFT5");
        ok(cli, "term", "close", "py");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void theScreenMatchesTmuxRunningTheSameProgram(String client) throws Exception {
        Requires.that(Files.isExecutable(Path.of("/usr/bin/tmux")), "/usr/bin/tmux (the oracle)");
        Cli cli = new Cli(client, runtimeDir);
        Path script = work.resolve("draw.sh");
        Files.writeString(script, "printf '\\033[2J\\033[3;5Hboxed\\033[1;31m red \\033[0mtext\\n'; seq 1 40; "
                + "printf 'wide: \\344\\275\\240\\345\\245\\275 end'; exec sleep 600\n");
        ok(cli, open("draw", "sh", script.toString()));
        JsonNode ours = ok(cli, "term", "wait", "draw", "--text", "end", "--timeout", "10000").get("screen");
        String socket = "uictl-e2e-" + marker;
        try {
            run("tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sh",
                    script.toString());
            // tmux offers no change event to a capture client
            List<String> theirs = Poll.value("tmux shows the drawing", Poll.DEFAULT_TIMEOUT, () -> {
                List<String> pane = Arrays.asList(capture(socket).split("\n", -1));
                return String.join("\n", pane).contains("end") ? java.util.Optional.of(pane) : java.util.Optional.empty();
            });
            List<String> expected = new ArrayList<>(theirs.stream().map(String::stripTrailing).toList());
            while (expected.size() > 24) {
                expected.removeLast();
            }
            List<String> actual = new ArrayList<>();
            ours.get("lines").forEach(l -> actual.add(l.asString()));
            assertThat(actual).isEqualTo(expected);
            String[] cursor = run("tmux", "-L", socket, "display", "-p", "#{cursor_y},#{cursor_x}").trim().split(",");
            assertThat(ours.get("cursor").get("row").asInt()).isEqualTo(Integer.parseInt(cursor[0]));
            assertThat(ours.get("cursor").get("col").asInt()).isEqualTo(Integer.parseInt(cursor[1]));
        } finally {
            run("tmux", "-L", socket, "kill-server");
        }
        ok(cli, "term", "close", "draw");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void daemonStopEndsEverySessionTree(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("tree", "sh", "-c", "sleep 600 & sleep 601 & setsid sleep 602 & echo started; wait"));
        ok(cli, "term", "wait", "tree", "--text", "started", "--timeout", "10000");
        ok(cli, open("shell", "bash", "--norc", "--noprofile", "-i"));
        ok(cli, "term", "type", "shell", "sleep 603 & sleep 604");
        ok(cli, "term", "keys", "shell", "Enter");
        ok(cli, open("daemon", "sh", "-c", DAEMONIZE + "exec sleep 605"));
        awaitMarked(marked -> marked.size() >= 9);
        ok(cli, "daemon", "stop");
        assertThat(markedProcesses()).isEmpty();
    }

    /**
     * A classic daemon: setsid -f forks into a new session, where a shell starts sleep in the background and exits,
     * leaving it detached from the terminal and re-parented to init.
     */
    private static final String DAEMONIZE = "setsid -f sh -c 'sleep 600 </dev/null >/dev/null 2>&1 & exit'; ";

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void closeEndsDaemonsThatLeftTheSessionAndReportsTheProgramsOwnExit(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        // the program exits at once, after its second daemon has left the session (the hang-up would end it before)
        ok(cli, open("d", "sh", "-c", DAEMONIZE + "setsid sh -c 'touch left; exec sleep 601' </dev/null >/dev/null 2>&1 & "
                + "until [ -e left ]; do sleep 0.01; done; exit 4"));
        JsonNode exited = ok(cli, "term", "wait", "d", "--exit", "--timeout", "10000");
        assertThat(exited.get("exit").get("code").asInt()).isEqualTo(4);
        awaitMarked(marked -> marked.size() >= 2);
        JsonNode closed = ok(cli, "term", "close", "d");
        assertThat(closed.get("exit").get("code").asInt()).isEqualTo(4);
        assertThat(closed.get("exit").has("signal") && !closed.get("exit").get("signal").isNull()).isFalse();
        assertThat(closed.get("processes_signalled").asInt()).isEqualTo(2);
        assertThat(markedProcesses()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aDaemonKilledOutrightLeavesNothingOnceTheNextDaemonStarts(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("d", "sh", "-c", DAEMONIZE + "echo started; exec sleep 600"));
        ok(cli, "term", "wait", "d", "--text", "started", "--timeout", "10000");
        awaitMarked(marked -> marked.size() >= 2);
        long daemon = cli.daemonPid();
        ProcessHandle handle = ProcessHandle.of(daemon).orElseThrow();
        handle.destroyForcibly(); // SIGKILL: the daemon cannot close anything
        handle.onExit().get(20, TimeUnit.SECONDS);
        assertThat(markedProcesses()).isNotEmpty(); // the hang-up ended the program, not its daemon
        ok(cli, "version"); // a new daemon starts; no term command is needed
        assertThat(cli.daemonPid()).isNotEqualTo(daemon);
        awaitMarked(List::isEmpty); // the new daemon sweeps in the background while it serves
        assertThat(ok(cli, "term", "list").get("sessions")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aPromptEndingInABlankIsWaitedForAndVimTakesEscapeAndACommandInOneCall(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, "term", "open", "--name", "sh", "--cwd", work.toString(), "--env", "UICTL_E2E_MARK=" + marker,
                "--env", "PS1=ready> ", "--", "bash", "--norc", "--noprofile", "-i");
        JsonNode ready = ok(cli, "term", "wait", "sh", "--text", "ready> ", "--timeout", "10000");
        assertThat(ready.get("screen").get("lines").get(0).asString()).isEqualTo("ready>");
        ok(cli, "term", "type", "sh", "vim -u NONE -N -n notes.txt");
        ok(cli, "term", "keys", "sh", "Enter");
        ok(cli, "term", "wait", "sh", "--text", "notes.txt", "--timeout", "10000");
        ok(cli, "term", "keys", "sh", "i", "h", "i", "Escape", ":", "w", "q", "Enter");
        ok(cli, "term", "wait", "sh", "--regex", "(?m)^ready> +$", "--timeout", "10000");
        assertThat(Files.readString(work.resolve("notes.txt"))).isEqualTo("hi\n");
        ok(cli, "term", "close", "sh");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aClientKilledMidWaitLeavesTheDaemonAndSessionUsableAndNothingBehind(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("cat", "cat"));
        Process waiting = cli.builder(Map.of(), "term", "wait", "cat", "--text", "never", "--timeout", "60000").start();
        // Observed, not slept: the client has sent its request and sleeps awaiting the answer, and the daemon holds
        // its connection (plus the status request's own).
        Poll.until("the client awaits the daemon's answer", () -> sleepsInSyscall(waiting.pid()));
        Poll.until("the daemon serves the waiting client", () -> ok(cli, "daemon", "status")
                .get("active_connections").asLong() >= 2);
        waiting.destroyForcibly();
        assertThat(waiting.waitFor(20, TimeUnit.SECONDS)).isTrue();
        JsonNode typed = ok(cli, "term", "type", "cat", "still alive");
        assertThat(typed.get("screen").get("lines").get(0).asString()).as(typed.toString()).isEqualTo("still alive");
        long daemon = cli.daemonPid();
        ok(cli, "term", "close", "cat");
        assertThat(zombieChildrenOf(daemon)).isEmpty();
        assertThat(markedProcesses()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aPersonAttachesTypesLiveAndDetachesWithTheTerminalRestored(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("shared", "bash", "--norc", "--noprofile"));
        // The person's terminal is a pty of our own; after the client exits, stty shows what it left behind.
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("UICTL_RUNTIME_DIR", runtimeDir.toString());
        env.put("UICTL_CLIENT", client);
        env.remove("UICTL_FORMAT");
        String uictl = Cli.HOME.resolve("bin/uictl").toString();
        PersonAtTerminal person = new PersonAtTerminal();
        try (var pty = dev.uictl.pty.process.PtyProcess.spawn(new dev.uictl.pty.process.PtyCommand(
                List.of("sh", "-c", uictl + " term attach shared; echo \"attach-exit=$?\"; stty -a"), env,
                dev.uictl.pty.process.ProcessMarker.ownedByThisProcess("UICTL_E2E_PERSON", "attach"), work, 24, 80),
                person)) {
            person.await("\033[?25h"); // the first full redraw ends by showing the cursor
            pty.write("echo typed-by-a-person\r".getBytes(StandardCharsets.UTF_8), java.time.Duration.ofSeconds(5));
            JsonNode seen = ok(cli, "term", "wait", "shared", "--regex", "^typed-by-a-person$", "--timeout", "10000");
            assertThat(seen.get("screen").get("lines").toString()).contains("typed-by-a-person");
            // Both clients switch the person's terminal to raw mode, so Ctrl-] arrives at once as a byte.
            pty.write(new byte[] {0x1d}, java.time.Duration.ofSeconds(5));
            String all = person.await("attach-exit=");
            person.await("min");
            assertThat(pty.waitFor(java.time.Duration.ofSeconds(20))).isPresent();
            String envelope = all.lines().filter(l -> l.startsWith("{\"success\"")).findFirst().orElseThrow();
            JsonNode e = dev.uictl.core.json.Json.parse(envelope);
            assertThat(e.get("data").get("detached_by").asString()).isEqualTo("detach_key");
            assertThat(e.get("data").get("bytes_typed").asLong()).isPositive();
            assertThat(person.text()).contains("attach-exit=0");
            // the person's terminal is back in cooked mode with echo: stty lists the flags without a minus
            assertThat(person.text()).containsPattern("(?m)(^| )icanon( |$)").containsPattern("(?m)(^| )echo( |$)");
        }
        JsonNode list = ok(cli, "term", "list");
        assertThat(list.get("sessions").get(0).get("running").asBoolean()).isTrue(); // detaching keeps it running
        ok(cli, "term", "close", "shared");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aClientKilledWhileAttachedLeavesTheSessionUsableAndAttachableAgain(String client) throws Exception {
        Cli cli = new Cli(client, runtimeDir);
        ok(cli, open("shared", "cat"));
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("UICTL_RUNTIME_DIR", runtimeDir.toString());
        env.put("UICTL_CLIENT", client);
        String uictl = Cli.HOME.resolve("bin/uictl").toString();
        for (int round = 0; round < 2; round++) {
            PersonAtTerminal person = new PersonAtTerminal();
            try (var pty = dev.uictl.pty.process.PtyProcess.spawn(new dev.uictl.pty.process.PtyCommand(
                    List.of(uictl, "term", "attach", "shared"), env,
                    dev.uictl.pty.process.ProcessMarker.ownedByThisProcess("UICTL_E2E_PERSON", "attach"), work, 24, 80),
                    person)) {
                person.await("\033[?25h"); // attached: the first full redraw is on the person's screen
                pty.write(("typed-" + round + "\r").getBytes(StandardCharsets.UTF_8), java.time.Duration.ofSeconds(5));
                ok(cli, "term", "wait", "shared", "--text", "typed-" + round, "--timeout", "10000");
                pty.terminate(dev.uictl.pty.process.Signal.KILL, java.time.Duration.ZERO); // the client crashes
            }
            JsonNode typed = ok(cli, "term", "type", "shared", "after-" + round);
            assertThat(typed.get("screen").get("lines").toString()).contains("after-" + round);
        }
        long daemon = cli.daemonPid();
        ok(cli, "term", "close", "shared");
        assertThat(zombieChildrenOf(daemon)).isEmpty();
        assertThat(markedProcesses()).isEmpty();
    }

    /** Collects what a person's terminal would show and lets the test wait for text in it. */
    private static final class PersonAtTerminal implements dev.uictl.pty.process.PtyListener {
        private final java.io.ByteArrayOutputStream seen = new java.io.ByteArrayOutputStream();

        @Override
        public synchronized void output(byte[] chunk) {
            seen.writeBytes(chunk);
            notifyAll();
        }

        synchronized String text() {
            return seen.toString(StandardCharsets.UTF_8);
        }

        synchronized String await(String expected) throws InterruptedException {
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
            while (!text().contains(expected)) {
                long left = deadline - System.nanoTime();
                assertThat(left).as("waiting for %s in %s", expected, text()).isPositive();
                wait(Math.max(1, left / 1_000_000));
            }
            return text();
        }
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(20, TimeUnit.SECONDS);
        return out;
    }

    /** Live processes carrying this test's marker in their environment, found by grep over /proc (zombies have none). */
    private List<Long> markedProcesses() throws IOException, InterruptedException {
        String found = run("sh", "-c", "grep -lsxzF -- \"$0\" /proc/[0-9]*/environ; true", "UICTL_E2E_MARK=" + marker);
        return found.lines().map(path -> Long.parseLong(path.split("/")[2])).toList();
    }

    /** Processes appear and go asynchronously, and /proc has no change event, so this polls. */
    private void awaitMarked(Predicate<List<Long>> done) {
        Poll.until("marked processes reach the expected state", () -> done.test(marked()));
    }

    private List<Long> marked() {
        try {
            return markedProcesses();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The process sleeps in a system call (a client blocked reading its socket), from /proc. */
    private static boolean sleepsInSyscall(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String syscall = Files.readString(Path.of("/proc", Long.toString(pid), "syscall")).strip();
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("S") && !syscall.equals("running")
                    && !syscall.startsWith("-1");
        } catch (IOException e) {
            return false;
        }
    }

    private String capture(String socket) {
        try {
            return run("tmux", "-L", socket, "capture-pane", "-p");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<Long> zombieChildrenOf(long parent) throws IOException {
        List<Long> zombies = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(d -> d.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (f[0].equals("Z") && Long.parseLong(f[1]) == parent) {
                        zombies.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // ended meanwhile
                }
            }
        }
        return zombies;
    }
}
