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
