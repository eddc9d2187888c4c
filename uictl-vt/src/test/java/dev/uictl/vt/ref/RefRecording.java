package dev.uictl.vt.ref;

import dev.uictl.vt.Color;
import dev.uictl.vt.Style;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One recording of the differential corpus ({@code src/test/resources/ref/<name>/}, format in
 * {@code src/test/corpus/README.md}): the program's output bytes, the resizes and checkpoints at byte offsets, and
 * what tmux 3.3a showed at each checkpoint.
 */
public record RefRecording(String name, int rows, int cols, byte[] output, List<Event> events) {

    public static final Path ROOT = Path.of("src/test/resources/ref");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Something that happens once the output up to {@code offset} has been written. */
    public sealed interface Event {
        int offset();
    }

    public record Resize(int offset, int rows, int cols) implements Event {}

    /**
     * A screen to compare. {@code oracleDefect} is null, or why tmux's screen is known to be wrong here (from the
     * recording's optional oracle-defects.json: checkpoint name to reason).
     */
    public record Checkpoint(int offset, String name, Expected expected, String oracleDefect) implements Event {}

    /**
     * The screen tmux showed. {@code cells.get(r)} covers only the columns tmux reports for row r; {@code scrollback}
     * is tmux's history, oldest first.
     */
    public record Expected(int rows, int cols, int cursorRow, int cursorCol, boolean cursorVisible,
                           boolean alternateScreen, String title, JsonNode modes, List<String> lines,
                           List<List<ExpectedCell>> cells, List<String> scrollback) {}

    public record ExpectedCell(String ch, Style style) {}

    /** Every recording directory under {@link #ROOT}, by name. */
    public static List<String> names() {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static RefRecording load(String name) {
        Path dir = ROOT.resolve(name);
        try {
            JsonNode steps = JSON.readTree(dir.resolve("steps.json").toFile());
            List<JsonNode> checkpoints = JSON.readTree(dir.resolve("expected.json").toFile())
                    .get("checkpoints").valueStream().toList();
            Path defectsFile = dir.resolve("oracle-defects.json");
            JsonNode defects = Files.exists(defectsFile) ? JSON.readTree(defectsFile.toFile()) : JSON.createObjectNode();
            List<Event> events = new ArrayList<>();
            int next = 0;
            for (JsonNode e : steps.get("events")) {
                int offset = e.get("offset").asInt();
                if (e.get("type").asString().equals("resize")) {
                    events.add(new Resize(offset, e.get("rows").asInt(), e.get("cols").asInt()));
                } else {
                    JsonNode cp = checkpoints.get(next++);
                    if (cp.get("offset").asInt() != offset)
                        throw new IllegalStateException(name + ": expected.json is stale; re-run expect-tmux.py");
                    String checkpoint = e.get("name").asString();
                    JsonNode defect = defects.get(checkpoint);
                    events.add(new Checkpoint(offset, checkpoint, expected(cp), defect == null ? null : defect.asString()));
                }
            }
            if (next != checkpoints.size())
                throw new IllegalStateException(name + ": expected.json is stale; re-run expect-tmux.py");
            return new RefRecording(name, steps.get("rows").asInt(), steps.get("cols").asInt(),
                    Files.readAllBytes(dir.resolve("recording.bin")), List.copyOf(events));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Expected expected(JsonNode cp) {
        List<Style> styles = cp.get("styles").valueStream().map(RefRecording::style).toList();
        List<List<ExpectedCell>> rows = new ArrayList<>();
        for (JsonNode row : cp.get("cells")) {
            List<ExpectedCell> cells = new ArrayList<>();
            var chars = row.get("cells").valueStream().map(JsonNode::asString).iterator();
            for (JsonNode run : row.get("styles")) {
                Style style = styles.get(run.get(0).asInt());
                for (int i = run.get(1).asInt(); i > 0; i--) cells.add(new ExpectedCell(chars.next(), style));
            }
            rows.add(List.copyOf(cells));
        }
        JsonNode cursor = cp.get("cursor");
        JsonNode title = cp.get("title");
        return new Expected(cp.get("rows").asInt(), cp.get("cols").asInt(), cursor.get("row").asInt(),
                cursor.get("col").asInt(), cursor.get("visible").asBoolean(), cp.get("alternate_screen").asBoolean(),
                title.isNull() ? null : title.asString(), cp.get("modes"),
                cp.get("lines").valueStream().map(JsonNode::asString).toList(), List.copyOf(rows),
                cp.get("scrollback").valueStream().map(JsonNode::asString).toList());
    }

    private static Style style(JsonNode s) {
        return new Style(color(s.get("fg")), color(s.get("bg")), s.get("bold").asBoolean(), s.get("dim").asBoolean(),
                s.get("italic").asBoolean(), s.get("underline").asBoolean(), s.get("inverse").asBoolean(),
                s.get("strike").asBoolean());
    }

    private static Color color(JsonNode c) {
        if (c.isString()) return Color.DEFAULT;
        if (c.has("ansi16")) return new Color.Ansi16(c.get("ansi16").asInt());
        if (c.has("ansi256")) return new Color.Ansi256(c.get("ansi256").asInt());
        JsonNode rgb = c.get("rgb");
        return new Color.Rgb(rgb.get(0).asInt(), rgb.get(1).asInt(), rgb.get(2).asInt());
    }
}
