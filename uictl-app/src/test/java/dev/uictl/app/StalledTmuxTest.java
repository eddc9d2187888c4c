package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * A tmux server that stops answering (SIGSTOP, as a hung or swapped-out server would be): every tmux command,
 * all at once, answers TIMEOUT within its own time budget instead of hanging or queueing behind the others, and
 * once the server runs again the same control clients serve the next calls correctly. Also: a server that resumes
 * while calls are in flight hands each late reply to its own caller; a server killed while calls wait on it fails
 * them with ACTION_FAILED; tmux refusing a split is ACTION_FAILED; a pane whose program exits during a wait is
 * PROCESS_EXIT. Every effect is checked with the tmux CLI on its own connection.
 */
class StalledTmuxTest {
    /**
     * How late an answer may be past the call's own budget (its --timeout, else the 10 s every tmux command
     * without one gets): each wait on tmux is capped by the call's deadline, so what remains is closing an
     * abandoned control client (half a second of grace before it is killed) and the machine's scheduling.
     */
    private static final long SLACK_MS = 1_500;
    private static final long DEFAULT_BUDGET_MS = 10_000;
    private static final long SHORT_MS = 3_000;
    /** list-panes with uictl's format is some 400 bytes: 200 of them are more than a pipe holds. */
    private static final int CROWD = 200;

    private Path dir;
    private Path socket;
    private Map<String, String> env;
    private long server;

    /** One uictl call with the budget its answer is held to. */
    private record Call(String command, List<String> argv, long budgetMs) {
        static Call of(long budgetMs, String... argv) {
            return new Call(argv[0] + " " + argv[1], List.of(argv), budgetMs);
        }
    }

    /** A call's answer: its code (or "success"), the delivery it claims, how long it took and its envelope. */
    private record Answer(Call call, String code, String delivery, long ms, JsonNode envelope) {
        boolean ok() {
            return code.equals("success");
        }
    }

    @BeforeEach
    void privateServer() throws IOException {
        boolean tmux = Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, "tmux")));
        if ("true".equals(System.getenv("CI"))) {
            assertThat(tmux).as("tmux is installed (CI=true: a missing dependency fails)").isTrue();
        }
        assumeTrue(tmux, "tmux is not installed");
        dir = Files.createTempDirectory(Path.of("/tmp"), "uictl-stall-");
        socket = dir.resolve("sock");
        env = Map.of("TMUX_TMPDIR", dir.toString(), "TMUX", "");
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (server > 0) {
            signal("CONT", server); // never leave a stopped server behind, whatever failed
        }
        oracle("kill-server");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyTmuxCommandTimesOutOnAStoppedServerAndTheClientsServeAgainAfterwards() throws Exception {
        spawn("stall", "cat");
        spawn("intr", "cat");
        spawn("victim", "cat");
        // sessions uictl has not attached yet: each first use starts a control client, which must not hold the
        // others up while the server does not answer
        for (String fresh : List.of("fresh1", "fresh2", "fresh3", "fresh4")) {
            oracle("new-session", "-d", "-s", fresh, "-x", "80", "-y", "24", "cat");
        }
        serverPid();
        List<Call> calls = stalledCalls();

        Map<String, Answer> answers;
        signal("STOP", server);
        try {
            answers = runAll(calls, null);
        } finally {
            signal("CONT", server);
        }
        timings(answers);
        assertThat(answers.values()).as("every tmux command, all at once, against a stopped tmux server")
                .allSatisfy(a -> {
                    assertThat(a.code()).as(a.call().argv() + " " + a.envelope()).isEqualTo("TIMEOUT");
                    assertThat(a.ms()).as(a.call().argv() + " answered within its budget")
                            .isLessThanOrEqualTo(a.call().budgetMs() + SLACK_MS);
                });

        // The abandoned commands run once the server runs again; an effect that appears must not have been
        // denied: a TIMEOUT that claimed not_delivered is a lie if the effect happened.
        Poll.until("the resumed server answers the oracle", () -> oracle("list-sessions").contains("stall"));
        assertTruthfulAbout(answers.get("tmux spawn born"), () -> sessionExists("born"));
        assertTruthfulAbout(answers.get("tmux kill victim"), () -> !sessionExists("victim"));
        assertTruthfulAbout(answers.get("tmux send stall"), () -> capture("stall").contains("stalled-send"));

        // The same control clients serve again: a message lands (tmux's own capture shows it), tail reads it and
        // status lists the panes tmux lists.
        String marker = "after-stall-" + System.nanoTime();
        Answer sent = run(Call.of(SHORT_MS, "tmux", "send", "stall", "--msg", marker, "-S", socket.toString()));
        assertThat(sent.ok()).as(sent.envelope().toString()).isTrue();
        Poll.until("the pane shows " + marker, () -> capture("stall").contains(marker));
        assertServesTheTruth("stall", marker);
        for (String fresh : List.of("fresh1", "fresh2")) {
            assertServesTheTruth(fresh, null);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aServerResumingWhileCallsAreInFlightAnswersEachCallerItsOwnReply() throws Exception {
        spawn("stall", "cat");
        spawn("intr", "cat");
        spawn("victim", "cat");
        String before = "before-stall-" + System.nanoTime();
        assertThat(run(Call.of(SHORT_MS, "tmux", "send", "stall", "--msg", before, "-S", socket.toString())).ok())
                .isTrue();
        Poll.until("the pane shows " + before, () -> capture("stall").contains(before));
        serverPid();
        List<Call> calls = List.of(
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "stall", "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "stall", "--lines", "50", "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "stall", "--lines", "50", "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "stall", "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "stall", "--screen", "-S", socket.toString()),
                Call.of(SHORT_MS * 2, "tmux", "activity", "stall", "--quiet-ms", "100", "--timeout", "6000",
                        "-S", socket.toString()),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "health", "stall", "-S", socket.toString()));
        List<String> panes = List.of(oracle("list-panes", "-s", "-t", "=stall", "-F", "#{pane_id}").strip().split("\n"));

        Map<String, Answer> answers;
        CountDownLatch started = new CountDownLatch(calls.size());
        signal("STOP", server);
        try {
            answers = runAll(calls, () -> {
                // Nothing outside uictl shows that a call has written its command to tmux: resume once every
                // call has started and had a moment to reach the server, well inside every call's budget.
                started.await();
                Thread.sleep(300);
                signal("CONT", server);
                return null;
            }, started);
        } finally {
            signal("CONT", server);
        }
        for (Answer a : answers.values()) {
            if (!a.ok()) {
                assertThat(a.code()).as(a.call().argv() + " " + a.envelope()).isEqualTo("TIMEOUT");
                continue;
            }
            assertThat(a.envelope().get("command").asString()).isEqualTo(a.call().command());
            JsonNode data = a.envelope().get("data");
            switch (a.call().command()) {
                case "tmux status" -> {
                    List<String> ids = new ArrayList<>();
                    for (JsonNode s : data.get("sessions")) {
                        if (s.get("name").asString().equals("stall")) {
                            s.get("panes").forEach(p -> ids.add(p.get("id").asString()));
                        }
                    }
                    assertThat(ids).as(a.envelope().toString()).containsExactlyElementsOf(panes);
                }
                case "tmux tail" -> {
                    JsonNode pane = data.get("panes").get(0);
                    assertThat(pane.get("pane_id").asString()).isEqualTo(panes.getFirst());
                    assertThat(pane.get("lines").toString()).as(a.envelope().toString()).contains(before)
                            .doesNotContain("\\t"); // a list-panes reply (tab-separated fields) is not pane text
                }
                case "tmux activity" -> assertThat(data.get("panes").get(0).get("state").asString())
                        .as("cat is alive: %s", a.envelope()).isNotEqualTo("exited");
                case "tmux health" -> {
                    assertThat(data.get("server_running").asBoolean()).isTrue();
                    assertThat(data.get("session_panes").get(0).get("pid_alive").asBoolean()).isTrue();
                }
                default -> throw new AssertionError("unexpected " + a.call());
            }
        }
        assertServesTheTruth("stall", before);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aServerKilledWhileCallsWaitOnItFailsThemWithActionFailed() throws Exception {
        spawn("stall", "cat");
        spawn("victim", "cat");
        serverPid();
        String s = socket.toString();
        List<Call> calls = List.of(
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "stall", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "stall", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "send", "stall", "--msg", "lost", "--timeout", "10000", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "wait", "stall", "--condition", "text", "--text", "never",
                        "--timeout", "10000", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "interrupt", "stall", "--timeout", "10000", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "activity", "stall", "--timeout", "10000", "-S", s));
        CountDownLatch started = new CountDownLatch(calls.size());
        signal("STOP", server);
        Map<String, Answer> answers;
        try {
            answers = runAll(calls, () -> {
                started.await();
                // a stopped process cannot be seen waiting; give the calls a moment to reach it (see above)
                Thread.sleep(300);
                signal("KILL", server);
                return null;
            }, started);
        } finally {
            signal("CONT", server);
        }
        assertThat(answers.values()).as("calls waiting on a server that was killed").allSatisfy(a -> {
            assertThat(a.code()).as(a.call().argv() + " " + a.envelope()).isEqualTo("ACTION_FAILED");
            assertThat(a.envelope().get("error").get("hint").asString()).contains("uictl tmux health -S " + s);
        });
        assertThat(oracle("list-sessions")).containsAnyOf("no server running", "error connecting");
    }

    /**
     * A server that stops after taking the Ctrl-C: the panes' states after it are unknown, which is a TIMEOUT
     * saying the Ctrl-C was delivered, never panes called exited because tmux did not list them.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aServerStoppingAfterTheCtrlCIsATimeoutNotPanesThatExited() throws Exception {
        spawn("shell", "bash --norc --noprofile");
        serverPid();
        var pool = Executors.newVirtualThreadPerTaskExecutor();
        Answer a;
        try {
            Future<Answer> interrupt = pool.submit(() -> run(Call.of(8_000, "tmux", "interrupt", "shell",
                    "--quiet-ms", "2000", "--timeout", "8000", "-S", socket.toString())));
            // bash echoes the Ctrl-C: tmux has taken it, and uictl now waits out the quiet period
            Poll.until("the pane shows the Ctrl-C", () -> capture("shell").contains("^C"));
            signal("STOP", server);
            try {
                a = interrupt.get(8_000 + SLACK_MS, TimeUnit.MILLISECONDS);
            } finally {
                signal("CONT", server);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(a.code()).as(a.envelope().toString()).isEqualTo("TIMEOUT");
        assertThat(a.delivery()).isEqualTo("delivered_unverified");
        assertThat(oracle("list-panes", "-t", "=shell:", "-F", "#{pane_dead}").strip()).isEqualTo("0");
    }

    @Test
    void tmuxRefusingASplitIsActionFailedAndTheFirstPaneStays() throws Exception {
        Answer spawn = run(Call.of(DEFAULT_BUDGET_MS, "tmux", "spawn", "tiny", "--size", "10x2", "--pane-cmd", "cat",
                "--pane-cmd", "cat", "-S", socket.toString()));
        assertThat(spawn.code()).as(spawn.envelope().toString()).isEqualTo("ACTION_FAILED");
        assertThat(spawn.envelope().get("error").get("message").asString()).contains("no space for new pane");
        assertThat(oracle("list-panes", "-t", "=tiny", "-F", "#{pane_id}").strip().lines()).hasSize(1);
    }

    @Test
    void aPaneWhoseProgramExitsDuringAWaitIsProcessExit() throws Exception {
        spawn("ends", "cat");
        var pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Future<Answer> wait = pool.submit(() -> run(Call.of(DEFAULT_BUDGET_MS, "tmux", "wait", "ends",
                    "--condition", "text", "--text", "never", "--timeout", "10000", "-S", socket.toString())));
            oracle("send-keys", "-t", "=ends:", "C-d"); // cat reads end of input and exits
            Answer a = wait.get(DEFAULT_BUDGET_MS + SLACK_MS, TimeUnit.MILLISECONDS);
            assertThat(a.code()).as(a.envelope().toString()).isEqualTo("PROCESS_EXIT");
            assertThat(a.ms()).isLessThan(DEFAULT_BUDGET_MS);
        } finally {
            pool.shutdownNow();
        }
        assertThat(oracle("list-panes", "-t", "=ends:", "-F", "#{pane_dead}").strip()).isEqualTo("1");
    }

    /** One call per tmux command (and first uses of sessions not attached yet), with short budgets. */
    private List<Call> stalledCalls() {
        String s = socket.toString();
        String t = Long.toString(SHORT_MS);
        List<Call> calls = List.of(
                Call.of(SHORT_MS, "tmux", "spawn", "born", "--pane-cmd", "cat", "--timeout", t, "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "stall", "-S", s),
                Call.of(SHORT_MS, "tmux", "send", "stall", "--msg", "stalled-send", "--timeout", t, "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "stall", "-S", s),
                Call.of(SHORT_MS, "tmux", "wait", "stall", "--condition", "text", "--text", "never", "--timeout", t,
                        "-S", s),
                Call.of(SHORT_MS, "tmux", "interrupt", "intr", "--timeout", t, "-S", s),
                Call.of(SHORT_MS, "tmux", "activity", "stall", "--timeout", t, "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "health", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "kill", "victim", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", "fresh1", "-S", s),
                Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "fresh2", "-S", s),
                Call.of(SHORT_MS, "tmux", "send", "fresh3", "--msg", "x", "--timeout", t, "-S", s),
                Call.of(SHORT_MS, "tmux", "activity", "fresh4", "--timeout", t, "-S", s));
        // a stopped server stops reading its control clients' stdin too: this many commands overfill the pipe
        // (64 KB), and a caller must not wait on the pipe beyond its budget
        List<Call> crowd = new ArrayList<>(calls);
        for (int i = 0; i < CROWD; i++) {
            crowd.add(Call.of(DEFAULT_BUDGET_MS, "tmux", "status", "stall", "-S", s));
        }
        List<String> tmuxCommands = UictlRun.app().dispatcher().registry().specs().stream()
                .filter(spec -> spec.category() == Category.TMUX).map(CommandSpec::name).toList();
        assertThat(calls.stream().map(Call::command).distinct()).as("every tmux command is called")
                .containsExactlyInAnyOrderElementsOf(tmuxCommands);
        return crowd;
    }

    private Map<String, Answer> runAll(List<Call> calls, java.util.concurrent.Callable<Void> meanwhile)
            throws Exception {
        return runAll(calls, meanwhile, new CountDownLatch(0));
    }

    /** Runs every call at once on virtual threads (and {@code meanwhile} beside them); answers by call. */
    private Map<String, Answer> runAll(List<Call> calls, java.util.concurrent.Callable<Void> meanwhile,
                                       CountDownLatch started) throws Exception {
        Map<String, Answer> answers = new TreeMap<>();
        var pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Map<String, Future<Answer>> runs = new TreeMap<>();
            for (Call call : calls) {
                String key = call.command() + " " + call.argv().get(2);
                runs.put(runs.containsKey(key) ? key + " #" + runs.size() : key, pool.submit(() -> {
                    started.countDown();
                    return run(call);
                }));
            }
            Future<Void> side = meanwhile == null ? null : pool.submit(meanwhile);
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DEFAULT_BUDGET_MS + SLACK_MS + 10_000);
            for (var r : runs.entrySet()) {
                try {
                    answers.put(r.getKey(), r.getValue().get(Math.max(0, end - System.nanoTime()),
                            TimeUnit.NANOSECONDS));
                } catch (java.util.concurrent.TimeoutException e) {
                    Call call = calls.stream().filter(c -> r.getKey().startsWith(c.command() + " " + c.argv().get(2)))
                            .findFirst().orElseThrow();
                    answers.put(r.getKey(), new Answer(call, "no answer", null, Long.MAX_VALUE, Json.parse("{}")));
                }
            }
            if (side != null) {
                side.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return answers;
    }

    private Answer run(Call call) {
        long start = System.nanoTime();
        UictlRun.Output out = UictlRun.run(env, "", call.argv().toArray(String[]::new));
        long ms = (System.nanoTime() - start) / 1_000_000;
        JsonNode e = ContractAssert.envelope(out);
        boolean ok = e.get("success").asBoolean();
        String delivery = ok ? null : e.get("error").path("delivery").asString(null);
        return new Answer(call, ok ? "success" : e.get("error").get("code").asString(), delivery, ms, e);
    }

    /** An effect seen after the server resumed must not have been answered with not_delivered. */
    private static void assertTruthfulAbout(Answer a, java.util.function.BooleanSupplier effect) {
        if (Poll.holdsWithin(Duration.ofSeconds(2), effect)) {
            assertThat(a.delivery()).as("%s took effect after answering %s", a.call().argv(), a.envelope())
                    .isNotEqualTo("not_delivered");
        }
    }

    /** tail and status through uictl agree with tmux's own capture-pane and list-panes. */
    private void assertServesTheTruth(String session, String marker) throws Exception {
        String s = socket.toString();
        Answer tail = run(Call.of(DEFAULT_BUDGET_MS, "tmux", "tail", session, "--lines", "50", "-S", s));
        assertThat(tail.ok()).as(tail.envelope().toString()).isTrue();
        List<String> lines = new ArrayList<>();
        tail.envelope().get("data").get("panes").get(0).get("lines").forEach(l -> lines.add(l.asString()));
        List<String> captured = new ArrayList<>(capture(session).lines().map(String::stripTrailing).toList());
        while (!captured.isEmpty() && captured.getLast().isEmpty()) {
            captured.removeLast();
        }
        assertThat(lines).as("tail of %s against capture-pane", session).isEqualTo(captured);
        if (marker != null) {
            assertThat(lines).anySatisfy(l -> assertThat(l).contains(marker));
        }
        Answer status = run(Call.of(DEFAULT_BUDGET_MS, "tmux", "status", session, "-S", s));
        assertThat(status.ok()).as(status.envelope().toString()).isTrue();
        List<String> ids = new ArrayList<>();
        status.envelope().get("data").get("sessions").get(0).get("panes").forEach(p -> ids.add(p.get("id").asString()));
        assertThat(String.join("\n", ids)).isEqualTo(oracle("list-panes", "-s", "-t", "=" + session, "-F",
                "#{pane_id}").strip());
    }

    private static void timings(Map<String, Answer> answers) {
        StringBuilder b = new StringBuilder("answers with the server stopped:");
        answers.forEach((k, a) -> b.append("\n  ").append(k).append(": ").append(a.code()).append(" after ")
                .append(a.ms()).append(" ms (budget ").append(a.call().budgetMs()).append(" ms)"));
        System.out.println(b);
    }

    private void spawn(String session, String program) {
        Answer a = run(Call.of(DEFAULT_BUDGET_MS, "tmux", "spawn", session, "--pane-cmd", program, "--size", "80x24",
                "-S", socket.toString()));
        assertThat(a.ok()).as(a.envelope().toString()).isTrue();
    }

    private boolean sessionExists(String session) {
        return oracle("list-sessions", "-F", "#{session_name}").lines().anyMatch(session::equals);
    }

    private long serverPid() {
        server = Long.parseLong(oracle("display-message", "-p", "#{pid}").strip());
        return server;
    }

    private String capture(String session) {
        return oracle("capture-pane", "-p", "-J", "-t", "=" + session + ":");
    }

    /** The tmux CLI on its own connection to the private server: the independent oracle. */
    private String oracle(String... args) {
        List<String> argv = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
        pb.environment().remove("TMUX");
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            // bounded: a stopped server would hold the oracle too
            var out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, Executors.newVirtualThreadPerTaskExecutor());
            try {
                return out.get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
                throw new AssertionError("tmux " + List.of(args) + " did not answer within 10 s");
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void signal(String name, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
    }
}
