package dev.uictl.app;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * The GTK fixture's whole state as it rewrites it (atomically) on every change: the oracle for element actions,
 * independent of AT-SPI and of uictl. {@code seq} grows by one per change.
 */
public record FixtureFullState(Path file) {
    /** The full-state file the fixture writes beside its JSON-lines record {@code stateFile}. */
    public static FixtureFullState beside(Path stateFile) {
        return new FixtureFullState(Path.of(stateFile + ".full.json"));
    }

    public JsonNode read() {
        try {
            return Json.parse(Files.readString(file));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits (the app writes as things happen) until the state satisfies {@code test}; 20 s at most. */
    public JsonNode await(Predicate<JsonNode> test) {
        try {
            return Poll.value("the fixture state satisfying the condition", Duration.ofSeconds(20), () -> {
                JsonNode s = read();
                return s != null && test.test(s) ? Optional.of(s) : Optional.empty();
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last " + read(), e);
        }
    }
}
