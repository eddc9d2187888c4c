package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The daemon reuses a walk while the application sends no change; these check that a reuse never hides a change made
 * behind uictl's back — text typed by xdotool, a click, a window moved by xdotool — each taken right after the
 * change, with the fixture's own record (its state file, its layout on screen) as the oracle.
 */
@Tag("e2e")
class SnapshotReuseTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String SESSION = "snapshot-reuse";
    private static Process fixture;
    private static FixtureState record;
    /** A node budget no snapshot has used yet: the daemon keeps one walk per budget, so this one walks afresh. */
    private static int unwalkedLimit = 4000;

    @BeforeAll
    static void app() throws Exception {
        Path file = DESKTOP.runtimeDir().resolve("reuse.jsonl");
        record = new FixtureState(file);
        fixture = DESKTOP.launchGtkFixture(file, "Reuse fixture");
        ExternalTool.await("the fixture on the accessibility bus", () -> {
            JsonNode e = Json.parse(UictlRun.run(DESKTOP.env(), "", "--session", SESSION, "snapshot", "--pid",
                    Long.toString(fixture.pid())).stdout());
            return e.get("success").asBoolean() && e.get("data").get("ref_count").asInt() > 0;
        });
        record.await("layout", l -> l.has("entry"));
    }

    @Test
    void anUnchangedApplicationGivesTheSameTreeTwice() {
        assertThat(snapshot().get("tree")).isEqualTo(snapshot().get("tree"));
    }

    @Test
    void textTypedBehindOurBackShowsInTheVeryNextSnapshot() throws Exception {
        xdotool("mousemove", "--sync", record.centreOf("entry").split(",")[0], record.centreOf("entry").split(",")[1],
                "click", "1");
        xdotool("key", "ctrl+a", "BackSpace");
        String typed = "";
        for (String part : List.of("a", "bc", "def", "g")) {
            snapshot(); // a fresh walk to reuse, if nothing changed
            xdotool("type", part);
            typed += part;
            String expected = typed;
            record.await("text", e -> e.get("value").asString().equals(expected));
            assertThat(valueOf(snapshot().get("tree"), "Name field")).isEqualTo(expected);
        }
    }

    @Test
    void aClickBehindOurBackShowsInTheVeryNextSnapshot() throws Exception {
        for (int i = 0; i < 3; i++) {
            snapshot();
            int count = record.last("clicked").map(e -> e.get("count").asInt()).orElse(0) + 1;
            String[] at = record.centreOf("button").split(",");
            xdotool("mousemove", "--sync", at[0], at[1], "click", "1");
            record.await("clicked", e -> e.get("count").asInt() == count);
            assertThat(valueOf(snapshot().get("tree"), "Status")).isEqualTo("clicked " + count);
        }
    }

    @Test
    void aWindowMovedBehindOurBackMovesItsElementsInTheVeryNextSnapshot() throws Exception {
        String window = ExternalTool.run(DESKTOP.env(), "xdotool", "search", "--name", "Reuse fixture").text().trim()
                .lines().findFirst().orElseThrow();
        for (int[] to : new int[][] {{300, 200}, {40, 60}}) {
            snapshot();
            long layouts = layouts();
            xdotool("windowmove", "--sync", window, Integer.toString(to[0]), Integer.toString(to[1]));
            Poll.until("the fixture records its new layout", java.time.Duration.ofSeconds(10),
                    () -> layouts() > layouts);
            JsonNode box = record.last("layout").orElseThrow().get("button");
            JsonNode button = find(snapshot("--include-bounds").get("tree"), "Press me");
            assertThat(List.of(button.get("bounds").get("x").asInt(), button.get("bounds").get("y").asInt()))
                    .isEqualTo(List.of(box.get(0).asInt(), box.get(1).asInt()));
        }
    }

    @Test
    void aWalkBroughtUpToDateEqualsAFreshWalkAfterEveryKindOfChange() throws Exception {
        // the fixture enables "Delayed" on a timer: let that happen first, or it could fall between the two snapshots
        record.await("delayed_enabled", e -> true);
        String window = "title=\"Reuse fixture\" >> ";
        List<List<String>> changes = List.of(
                List.of("click", window + "role=button name=\"Press me\""),
                List.of("check", window + "role=checkbox name=\"Enable feature\""),
                List.of("fill", window + "role=textfield name=\"Name field\"", "refreshed"),
                List.of("expand", window + "role=cell name=Colors"),
                List.of("set-value", window + "role=slider name=Volume", "70"),
                List.of("collapse", window + "role=cell name=Colors"),
                List.of("click", window + "role=radiobutton name=Large"),
                List.of("scroll", window + "role=table name=Fruits", "--amount", "5"),
                List.of("click", window + "role=button name=\"Press me\""),
                List.of("click", window + "role=button name=Vanish"));
        for (List<String> change : changes) {
            snapshot("--include-bounds");
            UictlRun.Output acted = UictlRun.run(DESKTOP.env(), "", change.toArray(String[]::new));
            assertThat(acted.exit()).as(acted.stdout()).isZero();
            UictlRun.run(DESKTOP.env(), "", "wait", "idle", "--quiet-ms", "200");
            JsonNode[] refreshed = new JsonNode[1];
            JsonNode[] walked = new JsonNode[1];
            int max = unwalkedLimit++;
            long refreshCalls = callsDuring(() -> refreshed[0] = snapshot("--include-bounds").get("tree"));
            long walkCalls = callsDuring(() -> walked[0] = snapshot("--include-bounds", "--max-nodes",
                    Integer.toString(max)).get("tree"));
            assertThat(refreshed[0]).as(String.join(" ", change)).isEqualTo(walked[0]);
            // the bus's own count: the refresh read a part of what a walk reads, so it did not just walk again
            assertThat(refreshCalls).as(String.join(" ", change) + ": calls of the refresh vs a walk")
                    .isLessThan(walkCalls * 2 / 3);
        }
    }

    /** Method calls on the accessibility bus while {@code action} runs, as dbus-monitor sees them. */
    private static long callsDuring(Runnable action) {
        Path log = DESKTOP.runtimeDir().resolve("monitor-" + System.nanoTime() + ".log");
        try {
            Process monitor = new ProcessBuilder("dbus-monitor", "--address",
                    DESKTOP.state().a11yBus(), "type='method_call'")
                    .redirectOutput(log.toFile()).redirectErrorStream(true).start();
            try {
                // a monitor announces itself by losing its name; from then on it sees every call
                Poll.until("dbus-monitor is monitoring", () -> read(log).contains("NameLost"));
                action.run();
                // the copies of the calls reach the monitor after the replies reached us: wait until it is quiet
                boolean growing = true;
                while (growing) {
                    int seen = read(log).length();
                    growing = Poll.holdsWithin(java.time.Duration.ofMillis(150), () -> read(log).length() != seen);
                }
                return read(log).lines().filter(l -> l.startsWith("method call")).count();
            } finally {
                monitor.destroy();
                monitor.waitFor();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return java.nio.file.Files.exists(file) ? java.nio.file.Files.readString(file) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long layouts() {
        return record.events().stream().filter(e -> e.get("event").asString().equals("layout")).count();
    }

    private static void xdotool(String... args) {
        List<String> argv = new ArrayList<>(List.of("xdotool"));
        argv.addAll(List.of(args));
        assertThat(ExternalTool.run(DESKTOP.env(), argv.toArray(String[]::new)).exit()).isZero();
    }

    private static JsonNode snapshot(String... extra) {
        List<String> argv = new ArrayList<>(List.of("--session", SESSION, "snapshot", "--pid",
                Long.toString(fixture.pid())));
        argv.addAll(List.of(extra));
        JsonNode e = Json.parse(UictlRun.run(DESKTOP.env(), "", argv.toArray(String[]::new)).stdout());
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        return e.get("data");
    }

    private static String valueOf(JsonNode tree, String name) {
        JsonNode n = find(tree, name);
        return n.has("value") ? n.get("value").asString() : "";
    }

    private static JsonNode find(JsonNode n, String name) {
        if (name.equals(n.path("name").asString(""))) {
            return n;
        }
        for (JsonNode c : n.path("children")) {
            JsonNode hit = find(c, name);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }
}
