package dev.uictl.engine.tmux;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** The fixture agent's keystroke log (the ground truth) and its control file. */
record FakeAgent(Path log, Path control) {
    static FakeAgent in(Path dir, String name) {
        return new FakeAgent(dir.resolve(name + ".log"), dir.resolve(name + ".ctl"));
    }

    String commandLine() {
        return PrivateTmux.fakeAgent(log, control);
    }

    void control(String line) throws IOException {
        Files.writeString(control, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    List<JsonNode> events() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (Files.exists(log)) {
            for (String l : Files.readAllLines(log)) {
                if (!l.isBlank()) {
                    out.add(Json.parse(l));
                }
            }
        }
        return out;
    }

    List<JsonNode> events(String type) throws IOException {
        return events().stream().filter(e -> e.get("type").asString().equals(type)).toList();
    }

    /** Reads the log until an event matches (the oracle's own polling; bounded). */
    JsonNode awaitEvent(Predicate<JsonNode> match, Duration timeout) throws IOException {
        try {
            return Poll.value("a matching event", timeout, () -> {
                try {
                    return events().stream().filter(match).findFirst();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + " in " + events(), e);
        }
    }
}
