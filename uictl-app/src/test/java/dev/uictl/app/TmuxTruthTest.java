package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
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
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What the tmux commands say about panes matches what tmux itself shows (issue 26), on a private server whose
 * panes stay after their program exits (remain-on-exit); the oracle is the plain tmux CLI (list-panes,
 * capture-pane).
 */
class TmuxTruthTest {
    private static final String SERVER = "truth";
    private static Path tmpdir;
    private static Map<String, String> env;

    @BeforeAll
    static void privateTmux() throws IOException {
        tmpdir = Files.createTempDirectory(Path.of("/tmp"), "uictl-tmuxt-");
        Files.writeString(tmpdir.resolve("tmux.conf"), "set -g remain-on-exit on\n");
        env = Map.of("TMUX_TMPDIR", tmpdir.toString(), "TMUX", "");
    }

    @AfterAll
    static void cleanUp() throws IOException {
        tmux("kill-server");
        try (Stream<Path> files = Files.walk(tmpdir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The tmux CLI on the private server: the independent oracle. */
    static String tmux(String... args) {
        List<String> argv = new ArrayList<>(List.of("-f", tmpdir.resolve("tmux.conf").toString(), "-L", SERVER));
        argv.addAll(List.of(args));
        return TmuxCli.run(tmpdir, argv);
    }

    static JsonNode uictl(String... argv) {
        return Json.parse(UictlRun.run(env, "", argv).stdout());
    }

    /**
     * Item 5, reproduced: `tmux send` to a dead pane (list-panes: dead=1) answered success, delivered_unverified,
     * after 3 s, with nothing about the pane being dead. It is PROCESS_EXIT with the exit status, and nothing is
     * sent to any target pane, the live ones included.
     */
    @Test
    void sendingToADeadPaneIsProcessExitAndNothingIsSent() {
        tmux("new-session", "-d", "-s", "dead", "-x", "80", "-y", "24", "cat");
        tmux("split-window", "-t", "dead", "sleep 0.2; exit 3");
        Poll.until("pane 1 dead", () -> tmux("list-panes", "-t", "dead", "-F", "#{pane_index} #{pane_dead}")
                .contains("1 1"));

        JsonNode answer = uictl("tmux", "send", "dead", "--all", "--msg", "echo hi", "-L", SERVER);

        JsonNode error = answer.get("error");
        assertThat(error.get("code").asString()).as(answer.toString()).isEqualTo("PROCESS_EXIT");
        assertThat(error.get("details").get("pane").asString()).isEqualTo("0.1");
        // tmux records the status a moment after the death, and now and then never (then it has none to give)
        String status = tmux("display-message", "-p", "-t", "dead.1", "#{pane_dead_status}").strip();
        JsonNode reported = error.get("details").get("exit_status");
        assertThat(reported == null || reported.isNull() ? "" : reported.asString()).as(answer.toString())
                .isEqualTo(status);
        assertThat(status).isIn("3", "");
        assertThat(error.get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(error.get("hint").asString()).contains("uictl tmux tail dead --pane 0.1 -L truth")
                .contains("respawn-pane");
        assertThat(tmux("capture-pane", "-p", "-t", "dead.0")).as("the live pane got nothing")
                .doesNotContain("echo hi");
        assertThat(tmux("capture-pane", "-p", "-t", "dead.1")).doesNotContain("echo hi");
    }

    /**
     * Item 7, reproduced with sh: `tmux send` then `tmux wait --condition text` timed out on a text the program had
     * already printed, and the TIMEOUT hint did not mention --include-screen. The send's since marker makes the wait
     * see the response (and not the echo of the typed command before Enter).
     */
    @Test
    void aWaitSinceTheSendSeesTheResponseThatCameBeforeTheWait() {
        tmux("new-session", "-d", "-s", "early", "-x", "80", "-y", "24", "env PS1='sh> ' sh");
        Poll.until("sh's prompt", () -> tmux("capture-pane", "-p", "-t", "early").contains("sh>"));
        JsonNode sent = uictl("tmux", "send", "early", "--msg", "echo MARK-$((6*7))", "-L", SERVER);
        String since = sent.get("data").get("since").asString();
        assertThat(since).as(sent.toString()).matches("%\\d+:[0-9a-z]+:\\d+");
        Poll.until("sh printed the answer", () -> tmux("capture-pane", "-p", "-t", "early").contains("\nMARK-42"));

        JsonNode late = uictl("tmux", "wait", "early", "--condition", "text", "--text", "MARK-42", "--timeout", "500",
                "-L", SERVER);
        assertThat(late.get("error").get("code").asString()).as(late.toString()).isEqualTo("TIMEOUT");
        assertThat(late.get("error").get("hint").asString()).contains("--include-screen").contains("--since");

        JsonNode seen = uictl("tmux", "wait", "early", "--condition", "text", "--text", "MARK-42", "--since", since,
                "--timeout", "5000", "-L", SERVER);
        assertThat(seen.get("success").asBoolean()).as(seen.toString()).isTrue();
        JsonNode echoOnly = uictl("tmux", "wait", "early", "--condition", "text", "--text", "6*7", "--since", since,
                "--timeout", "300", "-L", SERVER);
        assertThat(echoOnly.get("error").get("code").asString()).as("the typed command's echo came before Enter")
                .isEqualTo("TIMEOUT");
        JsonNode stale = uictl("tmux", "wait", "early", "--condition", "text", "--text", "MARK-42", "--since",
                since.replaceFirst(":[0-9a-z]+:", ":zzzz:"), "-L", SERVER);
        assertThat(stale.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(stale.get("error").get("hint").asString()).contains("--include-screen");
    }

    /**
     * Item 8, reproduced with a loop that ignores Ctrl-C and prints every 700 ms: tmux interrupt (quiet 500 ms)
     * answered after idle and stopped true, and tmux health a moment later said working (quiet 1000 ms). There is
     * one idle now: interrupt and health agree, and the program is in fact still printing.
     */
    @Test
    void interruptAndHealthAgreeOnWhetherAPaneStillWorks() {
        tmux("new-session", "-d", "-s", "ticks", "-x", "80", "-y", "24",
                "trap '' INT; while :; do echo tick; sleep 0.7; done");
        Poll.until("the loop ticks", () -> tmux("capture-pane", "-p", "-t", "ticks").contains("tick"));

        JsonNode interrupted = uictl("tmux", "interrupt", "ticks", "--timeout", "3000", "-L", SERVER);
        JsonNode health = uictl("tmux", "health", "ticks", "-L", SERVER);

        JsonNode pane = interrupted.get("data").get("panes").get(0);
        String healthSays = health.get("data").get("session_panes").get(0).get("state").asString();
        assertThat(pane.get("after").asString()).as(interrupted + "\n" + health).isEqualTo(healthSays)
                .isEqualTo("working");
        assertThat(pane.get("stopped").asBoolean()).isFalse();
        long ticks = tmux("capture-pane", "-p", "-t", "ticks").lines().filter("tick"::equals).count();
        Poll.until("the loop still prints after the Ctrl-C", () -> tmux("capture-pane", "-p", "-t", "ticks").lines()
                .filter("tick"::equals).count() > ticks);
    }
}
