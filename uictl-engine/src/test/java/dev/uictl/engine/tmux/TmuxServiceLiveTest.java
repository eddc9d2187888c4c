package dev.uictl.engine.tmux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.tmux.model.ActivityResult;
import dev.uictl.engine.tmux.model.InterruptResult;
import dev.uictl.engine.tmux.model.PaneDelivery;
import dev.uictl.engine.tmux.model.SendResult;
import dev.uictl.engine.tmux.model.SpawnResult;
import dev.uictl.engine.tmux.model.TailResult;
import dev.uictl.engine.tmux.model.TmuxStatus;
import dev.uictl.engine.tmux.model.TmuxWaitResult;
import dev.uictl.testkit.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The tmux service against a real tmux server on a private socket, with the fake agent fixture as the ground
 * truth for what arrived (its keystroke log) and the plain tmux CLI as the oracle for what the panes show.
 */
class TmuxServiceLiveTest {
    private static final Duration LONG = Duration.ofSeconds(30);
    private static PrivateTmux tmux;
    private static int sessions;

    @BeforeAll
    static void start() throws Exception {
        tmux = new PrivateTmux();
    }

    @AfterAll
    static void stop() throws Exception {
        tmux.close();
    }

    private static String name(String prefix) {
        return prefix + "-" + (++sessions);
    }

    /** A session running the fake agent, ready at its prompt. */
    private static FakeAgent agent(String session) {
        FakeAgent agent = FakeAgent.in(tmux.dir, session);
        tmux.service.spawn(tmux.call(LONG), tmux.choice, session, List.of(agent.commandLine()), Path.of("."), 120,
                30, true);
        tmux.service.observation().await(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                TmuxObservation.Condition.TEXT, "agent>", true, false, Duration.ofMillis(100), null);
        return agent;
    }

    @ParameterizedTest
    @ValueSource(strings = {"héllo wörld 世界 😀 done", "line one\nline two\n  indented three",
        "/review @src/Main.java please", "quotes \"x\" 'y' $HOME ~ #{pane_id} trailing;", "-n starts with a dash"})
    void textArrivesExactlyAndEnterSubmitsIt(String message) throws Exception {
        String session = name("exact");
        FakeAgent agent = agent(session);
        SendResult sent = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                message, true, TmuxInput.Mode.AUTO, Duration.ofSeconds(5));
        JsonNode submit = agent.awaitEvent(e -> e.get("type").asString().equals("submit"), Duration.ofSeconds(10));
        assertThat(submit.get("text").asString()).isEqualTo(message);
        PaneDelivery d = sent.panes().getFirst();
        assertThat(d.mode()).isEqualTo(message.contains("\n") || message.startsWith("/") || message.contains("@")
                ? "paste" : "keys");
        assertThat(d.reactedToEnter()).isTrue();
        assertThat(d.delivery()).isEqualTo("delivered_verified");
        assertThat(sent.delivery()).isEqualTo("delivered_verified");
        // Enter came after the text had fully arrived: no key of the text is logged after the submit
        List<JsonNode> events = agent.events();
        int submitAt = events.indexOf(submit);
        assertThat(events.subList(submitAt + 1, events.size())).noneMatch(e -> e.get("type").asString().equals("key")
                || e.get("type").asString().equals("paste"));
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void longTextIsSentInChunksAndArrivesWhole() throws Exception {
        String session = name("long");
        FakeAgent agent = agent(session);
        String message = "ß世".repeat(1500) + " end"; // 7,504 bytes: two chunks, split between characters
        SendResult sent = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                message, true, TmuxInput.Mode.KEYS, Duration.ofSeconds(10));
        assertThat(sent.panes().getFirst().chunks()).isEqualTo(2);
        JsonNode submit = agent.awaitEvent(e -> e.get("type").asString().equals("submit"), Duration.ofSeconds(20));
        assertThat(submit.get("text").asString()).isEqualTo(message);
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void aSwallowedEnterIsReportedAsNotVerified() throws Exception {
        String session = name("swallow");
        FakeAgent agent = agent(session);
        agent.control("swallow on");
        agent.awaitEvent(e -> e.get("type").asString().equals("control"), Duration.ofSeconds(10));
        SendResult sent = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                "please run", true, TmuxInput.Mode.AUTO, Duration.ofMillis(1500));
        PaneDelivery d = sent.panes().getFirst();
        assertThat(d.echoSeen()).isTrue();
        assertThat(d.enterSent()).isTrue();
        assertThat(d.reactedToEnter()).isFalse();
        assertThat(d.delivery()).isEqualTo("delivered_unverified");
        assertThat(sent.delivery()).isEqualTo("delivered_unverified");
        JsonNode swallowed = agent.awaitEvent(e -> e.get("type").asString().equals("enter_swallowed"),
                Duration.ofSeconds(5));
        assertThat(swallowed.get("composer").asString()).isEqualTo("please run");
        assertThat(agent.events("submit")).isEmpty();
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    /**
     * Reproduced: a line sent to a pane whose program was busy and not reading (type-ahead behind a running command)
     * was "delivered_verified": the terminal, in line mode, echoed the text and the newline by itself. Now the bytes
     * still waiting in the pane's terminal are counted and the delivery is unverified; once the program reads its
     * terminal (cat, started when the test lets it) it writes its own copy of the line (the tmux CLI shows it twice).
     */
    @Test
    void aLineTheProgramHasNotReadIsNotVerified() throws Exception {
        String session = name("busy");
        Path go = tmux.dir.resolve(session + ".go");
        tmux.service.spawn(tmux.call(LONG), tmux.choice, session, List.of("sh -c 'while [ ! -e " + go
                + " ]; do sleep 0.05; done; exec cat'"), Path.of("."), 80, 24, true);
        PaneDelivery d = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE, "hello",
                true, TmuxInput.Mode.KEYS, Duration.ofMillis(500)).panes().getFirst();
        assertThat(d.echoSeen()).as("the terminal echoed it").isTrue();
        assertThat(d.unreadBytes()).isEqualTo(6);
        assertThat(d.delivery()).isEqualTo("delivered_unverified");
        java.nio.file.Files.createFile(go);
        Poll.until("cat's own copy of the line", () -> tmux.cli("capture-pane", "-p", "-t", "=" + session + ":")
                .startsWith("hello\nhello\n"));
        PaneDelivery again = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                "world", true, TmuxInput.Mode.KEYS, Duration.ofMillis(1500)).panes().getFirst();
        assertThat(again.unreadBytes()).as("cat reads it").isZero();
        assertThat(again.delivery()).isEqualTo("delivered_verified");
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void withoutEnterTheTextStaysInTheComposer() throws Exception {
        String session = name("noenter");
        FakeAgent agent = agent(session);
        SendResult sent = tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                "draft only", false, TmuxInput.Mode.AUTO, Duration.ofSeconds(5));
        assertThat(sent.delivery()).isEqualTo("delivered_verified");
        assertThat(sent.panes().getFirst().enterSent()).isFalse();
        assertThat(tmux.cli("capture-pane", "-p", "-t", "=" + session + ":")).contains("agent> draft only");
        assertThat(agent.events("submit")).isEmpty();
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void interruptStopsABusyPane() throws Exception {
        String session = name("busy");
        FakeAgent agent = agent(session);
        agent.control("work 60");
        agent.awaitEvent(e -> e.get("type").asString().equals("control"), Duration.ofSeconds(10));
        ActivityResult before = tmux.service.observation().activity(tmux.call(LONG), tmux.choice, session,
                PaneTargets.ALL, Duration.ofMillis(500));
        assertThat(before.panes().getFirst().state()).isEqualTo("working");
        assertThat(before.panes().getFirst().velocity()).isPositive();
        InterruptResult r = tmux.service.input().interrupt(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE,
                Duration.ofMillis(500));
        assertThat(r.panes().getFirst().before()).isEqualTo("working");
        assertThat(r.panes().getFirst().stopped()).isTrue();
        assertThat(r.panes().getFirst().after()).isEqualTo("idle");
        assertThat(agent.events("interrupt")).hasSize(1);
        assertThat(agent.events("work_done")).isEmpty();
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void waitIdleReturnsWhenOutputStopsAndNotBefore() throws Exception {
        String session = name("idle");
        FakeAgent agent = agent(session);
        agent.control("work 1.5");
        agent.awaitEvent(e -> e.get("type").asString().equals("control"), Duration.ofSeconds(10));
        TmuxWaitResult r = tmux.service.observation().await(tmux.call(LONG), tmux.choice, session,
                PaneTargets.ACTIVE, TmuxObservation.Condition.IDLE, null, false, false, Duration.ofMillis(400), null);
        double returned = System.currentTimeMillis() / 1000.0;
        JsonNode done = agent.awaitEvent(e -> e.get("type").asString().equals("work_done"), Duration.ofSeconds(1));
        // the last output ("done." and the prompt) came with work_done; idle needs 400 ms of quiet after it
        assertThat(returned).isGreaterThanOrEqualTo(done.get("t").asDouble() + 0.4 - 0.05);
        assertThat(r.met()).containsExactly("0.0");
        assertThat(r.panes().getFirst().state()).isEqualTo("idle");
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void waitTextSeesOnlyNewOutputUnlessAskedAndTimesOutWithTheLastObservation() throws Exception {
        String session = name("text");
        FakeAgent agent = agent(session);
        // "agent>" is on screen but not new: without --include-screen it must not count
        assertThatThrownBy(() -> tmux.service.observation().await(tmux.call(Duration.ofMillis(600)), tmux.choice,
                session, PaneTargets.ACTIVE, TmuxObservation.Condition.TEXT, "agent>", false, false,
                Duration.ofMillis(100), null)).isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsKey("last_observation");
                });
        CompletableFuture<TmuxWaitResult> waiting = CompletableFuture.supplyAsync(() -> tmux.service.observation()
                .await(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE, TmuxObservation.Condition.TEXT,
                        "received: ping", false, false, Duration.ofMillis(100), null));
        tmux.service.input().send(tmux.call(LONG), tmux.choice, session, PaneTargets.ACTIVE, "ping", true,
                TmuxInput.Mode.AUTO, Duration.ofSeconds(5));
        assertThat(waiting.get(20, TimeUnit.SECONDS).met()).containsExactly("0.0");
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void waitStopsOnCancellation() throws Exception {
        String session = name("cancel");
        tmux.service.spawn(tmux.call(LONG), tmux.choice, session, List.of("cat"), Path.of("."), 80, 24, true);
        Cancellation token = new Cancellation();
        CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> tmux.service.observation().await(
                tmux.call(Deadline.after(LONG), token), tmux.choice, session, PaneTargets.ACTIVE,
                TmuxObservation.Condition.TEXT, "never", false, false, Duration.ofMillis(100), null));
        Thread.sleep(200);
        long t0 = System.nanoTime();
        token.cancel("test");
        assertThatThrownBy(() -> waiting.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(Cancellation.CancelledException.class);
        assertThat(System.nanoTime() - t0).isLessThan(Duration.ofSeconds(3).toNanos());
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void waitExitAndTheDeadPaneStays() throws Exception {
        String session = name("exit");
        FakeAgent agent = agent(session);
        agent.control("exit 3");
        TmuxWaitResult r = tmux.service.observation().await(tmux.call(LONG), tmux.choice, session,
                PaneTargets.ACTIVE, TmuxObservation.Condition.EXIT, null, false, false, Duration.ofMillis(100), null);
        assertThat(r.panes().getFirst().state()).isEqualTo("exited");
        TmuxStatus status = tmux.service.status(tmux.call(LONG), tmux.choice, session);
        assertThat(status.sessions().getFirst().panes().getFirst().dead()).isTrue();
        // tmux now and then never records a dead pane's status (pane_dead_status stays empty, seen in CI and by
        // hand): the status is the program's 3 when tmux has it, else absent, never another number
        assertThat(status.sessions().getFirst().panes().getFirst().exitStatus()).isIn(3, null);
        assertThatThrownBy(() -> tmux.service.observation().await(tmux.call(LONG), tmux.choice, session,
                PaneTargets.ACTIVE, TmuxObservation.Condition.IDLE, null, false, false, Duration.ofMillis(100), null))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PROCESS_EXIT));
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void prefixCollidingSessionNamesNeverHitTheWrongSession() throws Exception {
        tmux.service.spawn(tmux.call(LONG), tmux.choice, "api-2", List.of("cat"), Path.of("."), 80, 24, true);
        tmux.service.spawn(tmux.call(LONG), tmux.choice, "api", List.of("cat"), Path.of("."), 80, 24, true);
        tmux.service.input().send(tmux.call(LONG), tmux.choice, "api", PaneTargets.ACTIVE, "only-for-api", false,
                TmuxInput.Mode.KEYS, Duration.ofSeconds(5));
        assertThat(tmux.cli("capture-pane", "-p", "-t", "=api:")).contains("only-for-api");
        assertThat(tmux.cli("capture-pane", "-p", "-t", "=api-2:")).doesNotContain("only-for-api");
        assertThatThrownBy(() -> tmux.service.status(tmux.call(LONG), tmux.choice, "ap"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        assertThatThrownBy(() -> tmux.service.input().send(tmux.call(LONG), tmux.choice, "ap", PaneTargets.ACTIVE,
                "x", false, TmuxInput.Mode.KEYS, Duration.ofSeconds(1)))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        tmux.service.kill(tmux.call(LONG), tmux.choice, "api");
        assertThat(tmux.cli("list-sessions", "-F", "#{session_name}")).contains("api-2").doesNotContain("api\n");
        assertThatThrownBy(() -> tmux.service.kill(tmux.call(LONG), tmux.choice, "api"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SESSION_NOT_FOUND));
        tmux.service.kill(tmux.call(LONG), tmux.choice, "api-2");
    }

    @Test
    void paneSelectorsAndTail() {
        String session = name("panes");
        SpawnResult spawned = tmux.service.spawn(tmux.call(LONG), tmux.choice, session,
                List.of("cat", "cat", "cat"), Path.of("."), 120, 30, true);
        assertThat(spawned.panes()).hasSize(3);
        assertThat(spawned.layout()).isEqualTo("tiled");
        String third = spawned.panes().get(2).id();
        tmux.service.input().send(tmux.call(LONG), tmux.choice, session,
                new PaneTargets(List.of(PaneSelector.parse("1"), PaneSelector.parse(third)), false), "hi\u001b[31mred",
                false, TmuxInput.Mode.KEYS, Duration.ofSeconds(5));
        TailResult tail = tmux.service.observation().tail(tmux.call(LONG), tmux.choice, session, PaneTargets.ALL, 5,
                true, false);
        assertThat(tail.panes()).hasSize(3);
        assertThat(tail.panes().get(0).lines()).isEmpty();
        assertThat(tail.panes().get(1).lines()).containsExactly("hi^[[31mred");
        assertThat(tail.panes().get(2).screen().lines().getFirst()).isEqualTo("hi^[[31mred");
        assertThat(tmux.cli("capture-pane", "-p", "-t", spawned.panes().get(1).id())).startsWith("hi^[[31mred");
        assertThatThrownBy(() -> tmux.service.observation().tail(tmux.call(LONG), tmux.choice, session,
                new PaneTargets(List.of(PaneSelector.parse("0.7")), false), 5, false, false))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.PANE_NOT_FOUND);
                    assertThat(e.details().get("available").toString()).contains("0.2=" + third);
                });
        assertThatThrownBy(() -> PaneSelector.parse("a.b")).isInstanceOf(UictlException.class);
        tmux.service.kill(tmux.call(LONG), tmux.choice, session);
    }

    @Test
    void aServerKilledMidCallGivesAStructuredErrorAndTheNextCallWorks() throws Exception {
        try (PrivateTmux own = new PrivateTmux()) {
            own.service.spawn(own.call(LONG), own.choice, "victim", List.of("cat"), Path.of("."), 80, 24, true);
            CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> own.service.observation().await(
                    own.call(LONG), own.choice, "victim", PaneTargets.ACTIVE, TmuxObservation.Condition.TEXT, "never",
                    false, false, Duration.ofMillis(100), null));
            Thread.sleep(300);
            own.cli("kill-server");
            assertThatThrownBy(() -> waiting.get(10, TimeUnit.SECONDS)).cause()
                    .isInstanceOfSatisfying(UictlException.class, e -> {
                        assertThat(e.code()).isIn(ErrorCode.ACTION_FAILED, ErrorCode.SESSION_NOT_FOUND);
                        assertThat(e.details()).containsEntry("server_running", false);
                    });
            TmuxStatus gone = own.service.status(own.call(LONG), own.choice, null);
            assertThat(gone.running()).isFalse();
            own.service.spawn(own.call(LONG), own.choice, "victim", List.of("cat"), Path.of("."), 80, 24, true);
            SendResult sent = own.service.input().send(own.call(LONG), own.choice, "victim", PaneTargets.ACTIVE,
                    "back", false, TmuxInput.Mode.KEYS, Duration.ofSeconds(5));
            assertThat(sent.delivery()).isEqualTo("delivered_verified");
            assertThat(own.cli("capture-pane", "-p", "-t", "=victim:")).contains("back");
        }
    }
}
