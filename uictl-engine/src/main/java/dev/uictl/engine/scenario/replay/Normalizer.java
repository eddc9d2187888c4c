package dev.uictl.engine.scenario.replay;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.core.pattern.UserPattern;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.terminal.ScreenView;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies normalization to what replay compares: filtered fields are removed wherever they occur, rules rewrite
 * transcript lines and screen lines. Snapshots are compared as their text lines plus each cell's style (not the
 * cells' characters, which the lines already hold, so a rule on the lines covers them).
 */
final class Normalizer {
    /** The JSON keys each filter removes, at any depth. */
    private static final Map<String, Set<String>> KEYS = Map.of(
            "snapshot_id", Set.of("snapshot_id"),
            "run_id", Set.of("run_id"),
            "timestamps", Set.of("started_at", "started_at_ms", "at_ms"),
            "durations", Set.of("duration_ms", "waited_ms", "runtime_ms", "remaining_ms", "elapsed_ms"),
            "session_ids", Set.of("session_id", "snapshot_bytes_max"));
    /** Differ between any two runs: where the artifacts went. */
    private static final Set<String> ALWAYS = Set.of("artifacts_dir");

    private final NormalizationSettings settings;
    private final List<Compiled> rules = new ArrayList<>();

    private record Compiled(String target, UserPattern pattern, String replace) {
    }

    Normalizer(NormalizationSettings settings) {
        this.settings = settings;
        if (!settings.strict()) {
            for (NormalizationSettings.Rule r : settings.rules()) {
                rules.add(new Compiled(r.target(), compileRule(r), r.replace()));
            }
        }
    }

    static UserPattern compileRule(NormalizationSettings.Rule r) {
        try {
            UserPattern p = UserPattern.compile(r.pattern(), false);
            p.replaceAll("", r.replace());
            return p;
        } catch (UserPattern.Rejected e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "normalization rule /" + r.pattern() + "/: "
                    + e.getMessage()).withHint("Fix the rule in the policy's replay.normalization_rules.")
                    .withDetail("pattern", r.pattern());
        }
    }

    boolean filters(String name) {
        return !settings.strict() && settings.filters().contains(name);
    }

    /** run.json or an event without the filtered fields. */
    JsonNode fields(JsonNode node) {
        JsonNode copy = node.deepCopy();
        strip(copy);
        return copy;
    }

    private void strip(JsonNode node) {
        if (node instanceof ObjectNode o) {
            Iterator<String> names = o.propertyNames().iterator();
            List<String> remove = new ArrayList<>();
            while (names.hasNext()) {
                String n = names.next();
                if (ALWAYS.contains(n) || removed(n)) {
                    remove.add(n);
                }
            }
            remove.forEach(o::remove);
            o.values().forEach(this::strip);
        } else if (node instanceof ArrayNode a) {
            a.values().forEach(this::strip);
        }
    }

    private boolean removed(String key) {
        if (settings.strict()) {
            return false;
        }
        for (String f : settings.filters()) {
            Set<String> keys = KEYS.get(f);
            if (keys != null && keys.contains(key)) {
                return true;
            }
        }
        return false;
    }

    /** A snapshot file as the lines compared: header, screen lines (rules applied) and, unless strict, styles. */
    List<String> snapshotLines(JsonNode record) {
        JsonNode screen = record.path("screen");
        List<String> out = new ArrayList<>();
        ObjectNode head = Json.object();
        head.put("step_id", record.path("step_id").asString(""));
        head.put("phase", record.path("phase").asString(""));
        head.put("attempt", record.path("attempt").asInt());
        head.put("rows", screen.path("rows").asInt());
        head.put("cols", screen.path("cols").asInt());
        head.set("cursor", screen.path("cursor"));
        head.put("alternate_screen", screen.path("alternate_screen").asBoolean());
        head.put("title", line("snapshot_lines", screen.path("title").asString("")));
        if (!filters("snapshot_id")) {
            head.put("snapshot_id", screen.path("snapshot_id").asString(""));
        }
        if (!filters("timestamps")) {
            head.put("at_ms", record.path("at_ms").asLong());
        }
        out.add(Json.write(head));
        for (JsonNode l : screen.path("lines")) {
            out.add("|" + line("snapshot_lines", l.asString()));
        }
        JsonNode cells = screen.has("runs") ? cellsOfRuns(screen) : screen.path("cells");
        for (int r = 0; r < cells.size(); r++) {
            StringBuilder styles = new StringBuilder("styles " + r + ":");
            String previous = null;
            int runStart = 0;
            JsonNode row = cells.get(r);
            for (int c = 0; c <= row.size(); c++) {
                String style = c < row.size() ? Json.write(row.get(c).path("style")) : null;
                if (c == row.size() || !style.equals(previous)) {
                    if (previous != null && !previous.equals(DEFAULT_STYLE)) {
                        styles.append(' ').append(runStart).append('-').append(c - 1).append('=').append(previous);
                    }
                    previous = style;
                    runStart = c;
                }
            }
            out.add(styles.toString());
        }
        return out;
    }

    /**
     * The cells a snapshot (version 2) holds as runs, expanded, so both versions compare alike; none when the runs
     * cannot be read (the comparison then shows the difference).
     */
    private static JsonNode cellsOfRuns(JsonNode screen) {
        try {
            ScreenView view = Json.mapper().readerFor(ScreenView.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(screen);
            return Json.tree(view.runsAsCells().cells());
        } catch (JacksonException | IllegalArgumentException e) {
            return Json.mapper().createArrayNode();
        }
    }

    private static final String DEFAULT_STYLE = "{\"fg\":\"default\",\"bg\":\"default\",\"bold\":false,\"dim\":false,"
            + "\"italic\":false,\"underline\":false,\"inverse\":false,\"strike\":false}";

    /** The transcript's text split into lines, rules applied. */
    List<String> transcriptLines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\n", -1)) {
            out.add(line("transcript", l));
        }
        return out;
    }

    private String line(String target, String text) {
        String s = text;
        for (Compiled r : rules) {
            if (r.target().equals(target) || r.target().equals("all")) {
                s = r.pattern().replaceAll(s, r.replace());
            }
        }
        return s;
    }

    /** Events as compared: with the events filter only the step structure and assertion verdicts. */
    List<String> eventLines(List<JsonNode> events) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : events) {
            String type = e.path("type").asString();
            if (filters("events") && !Set.of("run_started", "step_started", "assertion", "step_finished",
                    "run_finished").contains(type)) {
                continue;
            }
            ObjectNode n = (ObjectNode) fields(e);
            if (filters("events")) {
                n.remove("seq");
            }
            out.add(Json.write(n));
        }
        return out;
    }
}
