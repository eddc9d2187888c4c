package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.FixtureFullState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * `watch` and `wait idle` against the GTK fixture: the events a watch streams are the changes the fixture itself
 * records (its state file is the oracle), and a desktop that keeps changing is never idle.
 */
class AccessibilityEventsEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String CHECKBOX = "title=Events >> role=checkbox name=\"Enable feature\"";
    private static FixtureFullState state;

    @BeforeAll
    static void start() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("events.jsonl");
        state = FixtureFullState.beside(record);
        DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON, PrivateDesktopExtension.fixture("gtk_fixture.py")
                .toString(), "--state", record.toString(), "--title", "Events", "--position", "0,0");
        state.await(s -> s.get("seq").asInt() >= 1 && s.get("delayed_enabled").asBoolean());
    }

    private static UictlRun.Output uictl(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    /** Runs watch in the background; {@code subscribed} completes at its first line, which says it is subscribed. */
    private static CompletableFuture<UictlRun.Output> watch(CompletableFuture<Void> subscribed, String... options) {
        List<String> argv = new ArrayList<>(List.of("watch"));
        argv.addAll(List.of(options));
        return CompletableFuture.supplyAsync(() -> UictlRun.streaming(DESKTOP.env(), line -> {
            if (ContractAssert.envelope(line, 0).get("data").has("started")) {
                subscribed.complete(null);
            }
        }, argv.toArray(String[]::new)));
    }

    private static void toggle() {
        assertThat(ContractAssert.envelope(uictl("toggle", CHECKBOX)).get("success").asBoolean()).isTrue();
    }

    @Test
    void watchStreamsTheCheckboxChangesTheFixtureRecorded() throws Exception {
        CompletableFuture<Void> subscribed = new CompletableFuture<>();
        CompletableFuture<UictlRun.Output> watch = watch(subscribed, "--events", "state", "--count", "3",
                "--duration", "15000");
        subscribed.get(10, TimeUnit.SECONDS); // the toggles must come after the subscription
        for (int i = 0; i < 3; i++) {
            toggle();
        }
        UictlRun.Output out = watch.get(20, TimeUnit.SECONDS);
        List<String> lines = out.stdout().lines().toList();
        assertThat(Json.parse(lines.getFirst()).get("data").get("started").get("categories").toString())
                .isEqualTo("[\"state\"]");
        List<JsonNode> checks = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 1)) {
            JsonNode event = ContractAssert.envelope(line, 0).get("data").get("event");
            assertThat(event.get("category").asString()).isEqualTo("state");
            if ("checked".equals(event.path("detail").asString()) && "Enable feature".equals(event.path("name")
                    .asString())) {
                checks.add(event);
            }
        }
        JsonNode summary = ContractAssert.envelope(lines.getLast(), out.exit()).get("data").get("summary");
        assertThat(summary.get("events").asInt()).isEqualTo(lines.size() - 2);
        assertThat(summary.get("ended").asString()).isEqualTo("count");
        assertThat(checks).as(out.stdout()).hasSize(3);
        // the oracle: the fixture's own checkbox ends as the last event said
        assertThat(state.read().get("checked").asBoolean()).isEqualTo(checks.getLast().get("value").asInt() == 1);
    }

    @Test
    void watchReportsAWindowOpeningThatXShows() throws Exception {
        CompletableFuture<Void> subscribed = new CompletableFuture<>();
        CompletableFuture<UictlRun.Output> watch = watch(subscribed, "--events", "window", "--count", "50",
                "--duration", "6000");
        subscribed.get(10, TimeUnit.SECONDS); // the window must open after the subscription
        Process xterm = DESKTOP.launch("xterm", "-T", "watched", "-geometry", "40x5+700+500");
        try {
            UictlRun.Output out = watch.get(20, TimeUnit.SECONDS);
            List<String> lines = out.stdout().lines().toList();
            JsonNode event = null;
            for (String line : lines.subList(1, lines.size() - 1)) {
                // AT-SPI window events (the fixture losing focus) come too
                JsonNode e = ContractAssert.envelope(line, 0).get("data").get("event");
                if (e.get("kind").asString().equals("x:opened") && e.path("name").asString().equals("watched")) {
                    event = e;
                }
            }
            assertThat(event).as(out.stdout()).isNotNull();
            // the oracle: X lists that window under the id the event named
            JsonNode windows = ContractAssert.envelope(uictl("list-windows")).get("data").get("windows");
            boolean listed = false;
            for (JsonNode w : windows) {
                listed |= w.get("window_id").asString().equals(event.get("source").asString())
                        && w.get("title").asString().equals("watched");
            }
            assertThat(listed).as(windows.toString()).isTrue();
        } finally {
            xterm.destroy();
        }
    }

    @Test
    void aQuietDesktopIsIdleAndABusyOneIsNot() throws Exception {
        JsonNode idle = ContractAssert.envelope(uictl("wait", "idle", "--quiet-ms", "300", "--timeout", "5000"));
        assertThat(idle.get("success").asBoolean()).as(idle.toString()).isTrue();
        assertThat(idle.get("data").get("quiet_ms").asInt()).isEqualTo(300);
        assertThat(idle.get("data").get("elapsed_ms").asLong()).isBetween(300L, 5000L);

        AtomicBoolean busy = new AtomicBoolean(true);
        int before = state.read().get("seq").asInt();
        java.util.concurrent.atomic.AtomicInteger toggles = new java.util.concurrent.atomic.AtomicInteger();
        CompletableFuture<Void> churn = CompletableFuture.runAsync(() -> {
            while (busy.get()) {
                toggle();
                toggles.incrementAndGet();
            }
        });
        try {
            long t0 = System.nanoTime();
            JsonNode e = ContractAssert.envelope(uictl("wait", "idle", "--quiet-ms", "3000", "--timeout", "4500"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(e.get("success").asBoolean()).as(e + " toggles " + toggles.get()).isFalse();
            assertThat(e.get("error").get("code").asString()).isEqualTo("TIMEOUT");
            assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("not_idle");
            assertThat(e.get("error").get("details").get("events").asInt()).isPositive();
            assertThat(ms).isBetween(4400L, 9000L);
        } finally {
            busy.set(false);
            churn.get(20, TimeUnit.SECONDS);
        }
        assertThat(state.read().get("seq").asInt()).as("the fixture really changed meanwhile").isGreaterThan(before);
    }
}
