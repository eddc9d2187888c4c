package dev.uictl.app;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** The GTK fixture's own record of what happened to it (JSON lines), the oracle for effects of input. */
public record FixtureState(Path file) {

    public List<JsonNode> events() {
        try {
            return Files.exists(file) ? Files.readAllLines(file).stream().filter(l -> !l.isBlank()).map(Json::parse)
                    .toList() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Optional<JsonNode> last(String event) {
        return events().stream().filter(e -> e.get("event").asString().equals(event)).reduce((a, b) -> b);
    }

    /** Waits (the app writes as things happen) until an event satisfies {@code test}; 20 s at most. */
    public JsonNode await(String event, Predicate<JsonNode> test) throws InterruptedException {
        try {
            return Poll.value("the fixture records " + event, java.time.Duration.ofSeconds(20), () -> events().stream()
                    .filter(e -> e.get("event").asString().equals(event)).filter(test).reduce((a, b) -> b));
        } catch (AssertionError e) {
            throw new AssertionError("fixture never recorded " + event + "; recorded " + events(), e);
        }
    }

    /**
     * The latest layout once the window is mapped ("ready") and the window manager has stopped moving it: no new
     * layout for {@code quiet}. The first layout can come before openbox adds its frame (20 px higher), so a click
     * aimed from it misses.
     */
    public JsonNode awaitSettledLayout(java.time.Duration quiet) throws InterruptedException {
        await("ready", e -> true);
        long[] seen = {-1, System.nanoTime()};
        Poll.until("the fixture's layout settles", java.time.Duration.ofSeconds(20), () -> {
            long layouts = events().stream().filter(e -> e.get("event").asString().equals("layout")).count();
            long now = System.nanoTime();
            if (layouts != seen[0]) {
                seen[0] = layouts;
                seen[1] = now;
                return false;
            }
            return now - seen[1] >= quiet.toNanos();
        });
        return last("layout").orElseThrow();
    }

    /** Centre of a widget box [x, y, w, h] from the latest layout event, in screen coordinates. */
    public String centreOf(String widget) {
        JsonNode box = last("layout").orElseThrow().get(widget);
        return (box.get(0).asInt() + box.get(2).asInt() / 2) + "," + (box.get(1).asInt() + box.get(3).asInt() / 2);
    }
}
