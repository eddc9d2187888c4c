package dev.uictl.engine.scenario.model;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.core.pattern.UserPattern;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a scenario (scenario_version 1) from JSON or YAML into checked {@link Scenario} records. Accepts ptybox's
 * documented format unchanged: actions, conditions and assertions as {@code {type, payload}} (a flat
 * {@code {type, text…}} works too), key names such as {@code Ctrl+C}, step ids of any string. Every number, text and
 * pattern is bounded here; an error names the offending field by its path (e.g. {@code steps[2].action.payload.key}).
 */
public final class ScenarioParser {
    public static final int MAX_STEPS = 10_000;
    public static final int MAX_TEXT = 1 << 20;
    public static final int MAX_ID = 200;
    public static final int MAX_ASSERTIONS = 100;
    public static final long MAX_TIMEOUT_MS = 3_600_000;
    public static final int MAX_RETRIES = 10_000;
    public static final long DEFAULT_TIMEOUT_MS = 5_000;
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private ScenarioParser() {
    }

    /** Parses JSON, or YAML when {@code yaml}. */
    public static Scenario parse(String text, boolean yaml) {
        JsonNode root;
        try {
            root = yaml ? YAML.readTree(text) : Json.mapper().readTree(text);
        } catch (JacksonException e) {
            throw bad("", "the scenario is not valid " + (yaml ? "YAML" : "JSON") + ": " + e.getOriginalMessage());
        }
        return parse(root);
    }

    public static Scenario parse(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw bad("", "a scenario is an object with scenario_version, run and steps");
        }
        JsonNode version = root.get("scenario_version");
        if (version == null || !version.isIntegralNumber() || version.asInt() != 1) {
            throw bad("scenario_version", "scenario_version must be 1");
        }
        JsonNode meta = root.path("metadata");
        String name = meta.isObject() ? optText(meta, "name", "metadata.name", MAX_ID) : null;
        String description = meta.isObject() ? optText(meta, "description", "metadata.description", 4000) : null;
        Scenario.RunSpec run = run(root.get("run"));
        JsonNode steps = root.get("steps");
        if (steps == null || !steps.isArray()) {
            throw bad("steps", "steps must be an array");
        }
        if (steps.size() > MAX_STEPS) {
            throw bad("steps", "at most " + MAX_STEPS + " steps, got " + steps.size());
        }
        List<Step> parsed = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < steps.size(); i++) {
            Step s = step(steps.get(i), "steps[" + i + "]", i);
            if (!ids.add(s.id())) {
                throw bad("steps[" + i + "].id", "step id '" + s.id() + "' is used twice; ids name one step each");
            }
            parsed.add(s);
        }
        return new Scenario(name == null ? "scenario" : name, description, run, parsed);
    }

    /** One step on its own (a driver request), checked like a scenario's step number {@code index} (0-based). */
    public static Step parseStep(JsonNode node, String path, int index) {
        return step(node, path, index);
    }

    private static Scenario.RunSpec run(JsonNode run) {
        if (run == null || !run.isObject()) {
            throw bad("run", "run must be an object with command (and args, cwd, initial_size, policy)");
        }
        String command = text(run, "command", "run.command", 4096);
        List<String> args = new ArrayList<>();
        JsonNode a = run.get("args");
        if (a != null && !a.isNull()) {
            if (!a.isArray() || a.size() > 1000) {
                throw bad("run.args", "run.args must be an array of at most 1000 strings");
            }
            for (int i = 0; i < a.size(); i++) {
                if (!a.get(i).isString()) {
                    throw bad("run.args[" + i + "]", "run.args entries must be strings");
                }
                args.add(bounded(a.get(i).asString(), "run.args[" + i + "]", MAX_TEXT));
            }
        }
        String cwd = optText(run, "cwd", "run.cwd", 4096);
        int rows = 24;
        int cols = 80;
        JsonNode size = run.get("initial_size");
        if (size != null && !size.isNull()) {
            rows = integer(size, "rows", "run.initial_size.rows", 2, 1000);
            cols = integer(size, "cols", "run.initial_size.cols", 2, 1000);
        }
        Object policy = null;
        String policyPath = null;
        JsonNode p = run.get("policy");
        if (p != null && !p.isNull()) {
            if (!p.isObject()) {
                throw bad("run.policy", "run.policy is an inline policy object or {\"path\": FILE}");
            }
            if (p.size() == 1 && p.has("path")) {
                policyPath = text(p, "path", "run.policy.path", 4096);
            } else {
                policy = p;
            }
        }
        return new Scenario.RunSpec(command, args, cwd, rows, cols, policy, policyPath);
    }

    private static Step step(JsonNode node, String path, int index) {
        if (node == null || !node.isObject()) {
            throw bad(path, "a step is an object with id, action and optional name, assert, timeout_ms, retries");
        }
        String id = node.has("id") && !node.get("id").isNull()
                ? (node.get("id").isValueNode() ? bounded(node.get("id").asString(), path + ".id", MAX_ID) : null)
                : "step-" + (index + 1);
        if (id == null || id.isEmpty()) {
            throw bad(path + ".id", "a step id is a non-empty string");
        }
        String name = optText(node, "name", path + ".name", 1000);
        ObjectNode actionJson = typed(node.get("action"), path + ".action");
        Action action = action(actionJson, path + ".action");
        List<Assertion> assertions = new ArrayList<>();
        List<Object> assertionJson = new ArrayList<>();
        JsonNode asserts = node.get("assert");
        if (asserts != null && !asserts.isNull()) {
            if (!asserts.isArray() || asserts.size() > MAX_ASSERTIONS) {
                throw bad(path + ".assert", "assert must be an array of at most " + MAX_ASSERTIONS + " assertions");
            }
            for (int i = 0; i < asserts.size(); i++) {
                ObjectNode a = typed(asserts.get(i), path + ".assert[" + i + "]");
                assertions.add(assertion(a, path + ".assert[" + i + "]"));
                assertionJson.add(a);
            }
        }
        long timeout = node.has("timeout_ms") ? longValue(node, "timeout_ms", path + ".timeout_ms", 0, MAX_TIMEOUT_MS)
                : DEFAULT_TIMEOUT_MS;
        int retries = node.has("retries") ? integer(node, "retries", path + ".retries", 0, MAX_RETRIES) : 0;
        return new Step(id, name, action, assertions, timeout, retries, actionJson, assertionJson);
    }

    /** {@code {type, payload}}, or a flat {@code {type, …fields}} turned into that form. */
    private static ObjectNode typed(JsonNode node, String path) {
        if (node == null || !node.isObject() || !node.has("type") || !node.get("type").isString()) {
            throw bad(path, "expected an object {\"type\": …, \"payload\": {…}}");
        }
        ObjectNode out = Json.object();
        out.put("type", node.get("type").asString());
        JsonNode payload = node.get("payload");
        if (payload != null && !payload.isNull()) {
            if (!payload.isObject()) {
                throw bad(path + ".payload", "payload must be an object");
            }
            out.set("payload", payload.deepCopy());
        } else {
            ObjectNode flat = (ObjectNode) node.deepCopy();
            flat.remove("type");
            flat.remove("payload");
            out.set("payload", flat);
        }
        return out;
    }

    private static Action action(ObjectNode node, String path) {
        String type = node.get("type").asString();
        JsonNode p = node.get("payload");
        String pp = path + ".payload";
        return switch (type) {
            case "key", "keys" -> new Action.Key(keys(p, pp));
            case "text" -> new Action.Text(text(p, "text", pp + ".text", MAX_TEXT));
            case "paste" -> new Action.Paste(text(p, "text", pp + ".text", MAX_TEXT));
            case "resize" -> new Action.Resize(integer(p, "rows", pp + ".rows", 2, 1000),
                    integer(p, "cols", pp + ".cols", 2, 1000));
            case "wait" -> new Action.Wait(condition(typed(p.get("condition"), pp + ".condition"), pp + ".condition"));
            case "observe" -> new Action.Observe();
            case "terminate" -> new Action.Terminate(p.has("signal") ? text(p, "signal", pp + ".signal", 10) : "TERM");
            default -> throw bad(path + ".type", "unknown action '" + type + "'; actions: key, text, paste, resize, "
                    + "wait, observe, terminate");
        };
    }

    private static List<String> keys(JsonNode p, String path) {
        List<String> keys = new ArrayList<>();
        JsonNode many = p.get("keys");
        if (many != null && many.isArray()) {
            if (many.isEmpty() || many.size() > 1000) {
                throw bad(path + ".keys", "keys must hold 1..1000 key names");
            }
            for (int i = 0; i < many.size(); i++) {
                keys.add(KeyNames.toTmux(bounded(many.get(i).asString(), path + ".keys[" + i + "]", 100)));
            }
            return keys;
        }
        keys.add(KeyNames.toTmux(text(p, "key", path + ".key", 100)));
        return keys;
    }

    private static Condition condition(ObjectNode node, String path) {
        String type = node.get("type").asString();
        JsonNode p = node.get("payload");
        String pp = path + ".payload";
        return switch (type) {
            case "screen_contains" -> new Condition.ScreenContains(text(p, "text", pp + ".text", MAX_TEXT));
            case "screen_matches", "regex_match" -> new Condition.ScreenMatches(pattern(p, pp + ".pattern"));
            case "cursor_at" -> new Condition.CursorAt(integer(p, "row", pp + ".row", 0, 999),
                    integer(p, "col", pp + ".col", 0, 999));
            case "process_exited" -> new Condition.ProcessExited();
            case "screen_stable" -> new Condition.ScreenStable(p.has("quiet_ms")
                    ? longValue(p, "quiet_ms", pp + ".quiet_ms", 1, 600_000) : 200);
            default -> throw bad(path + ".type", "unknown wait condition '" + type + "'; conditions: screen_contains, "
                    + "screen_matches, cursor_at, process_exited, screen_stable");
        };
    }

    private static Assertion assertion(ObjectNode node, String path) {
        String type = node.get("type").asString();
        JsonNode p = node.get("payload");
        String pp = path + ".payload";
        return switch (type) {
            case "screen_contains" -> new Assertion.ScreenContains(text(p, "text", pp + ".text", MAX_TEXT));
            case "not_contains" -> new Assertion.NotContains(text(p, "text", pp + ".text", MAX_TEXT));
            case "regex_match" -> new Assertion.RegexMatch(pattern(p, pp + ".pattern"));
            case "line_equals" -> new Assertion.LineEquals(line(p, pp), text(p, "text", pp + ".text", MAX_TEXT));
            case "line_contains" -> new Assertion.LineContains(line(p, pp), text(p, "text", pp + ".text", MAX_TEXT));
            case "line_matches" -> new Assertion.LineMatches(line(p, pp), pattern(p, pp + ".pattern"));
            case "cursor_at" -> new Assertion.CursorAt(integer(p, "row", pp + ".row", 0, 999),
                    integer(p, "col", pp + ".col", 0, 999));
            case "screen_empty" -> new Assertion.ScreenEmpty();
            case "cursor_visible" -> new Assertion.CursorVisible();
            case "cursor_hidden" -> new Assertion.CursorHidden();
            case "exit_code" -> new Assertion.ExitCode(integer(p, "code", pp + ".code", 0, 255));
            case "style_at" -> new Assertion.StyleAt(integer(p, "row", pp + ".row", 0, 999),
                    integer(p, "col", pp + ".col", 0, 999), style(p, pp));
            default -> throw bad(path + ".type", "unknown assertion '" + type + "'; assertions: screen_contains, "
                    + "not_contains, regex_match, line_equals, line_contains, line_matches, cursor_at, screen_empty, "
                    + "cursor_visible, cursor_hidden, exit_code, style_at");
        };
    }

    private static StyleExpectation style(JsonNode p, String path) {
        JsonNode s = p.has("style") ? p.get("style") : p;
        Object fg = s.has("fg") ? color(s.get("fg"), path + ".fg") : null;
        Object bg = s.has("bg") ? color(s.get("bg"), path + ".bg") : null;
        StyleExpectation e = new StyleExpectation(fg, bg, flag(s, "bold", path), flag(s, "dim", path),
                flag(s, "italic", path), flag(s, "underline", path), flag(s, "inverse", path),
                flag(s, "strike", path), p.has("text") ? text(p, "text", path + ".text", 1000) : null);
        if (fg == null && bg == null && e.flags().isEmpty() && e.text() == null) {
            throw bad(path, "style_at needs at least one of fg, bg, bold, dim, italic, underline, inverse, strike, text");
        }
        return e;
    }

    private static Object color(JsonNode c, String path) {
        if (c.isString() && c.asString().equals("default")) {
            return "default";
        }
        if (c.isObject() && c.size() == 1 && (c.has("ansi16") || c.has("ansi256") || c.has("rgb"))) {
            return Json.mapper().convertValue(c, Map.class);
        }
        throw bad(path, "a colour is \"default\", {\"ansi16\":n}, {\"ansi256\":n} or {\"rgb\":{\"r\":…,\"g\":…,\"b\":…}}");
    }

    private static Boolean flag(JsonNode s, String field, String path) {
        JsonNode v = s.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isBoolean()) {
            throw bad(path + "." + field, field + " must be true or false");
        }
        return v.asBoolean();
    }

    private static int line(JsonNode p, String path) {
        return integer(p, "line", path + ".line", 0, 999);
    }

    private static UserPattern pattern(JsonNode p, String path) {
        String source = text(p, "pattern", path, UserPattern.MAX_LENGTH);
        try {
            return UserPattern.compile(source, true);
        } catch (UserPattern.Rejected e) {
            throw bad(path, "pattern rejected: " + e.getMessage());
        }
    }

    private static String text(JsonNode node, String field, String path, int max) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || !v.isString()) {
            throw bad(path, path + " is required and must be a string");
        }
        return bounded(v.asString(), path, max);
    }

    private static String optText(JsonNode node, String field, String path, int max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isString()) {
            throw bad(path, path + " must be a string");
        }
        return bounded(v.asString(), path, max);
    }

    private static String bounded(String s, String path, int max) {
        if (s.length() > max) {
            throw bad(path, path + " is longer than " + max + " characters");
        }
        return s;
    }

    private static int integer(JsonNode node, String field, String path, int min, int max) {
        return (int) longValue(node, field, path, min, max);
    }

    private static long longValue(JsonNode node, String field, String path, long min, long max) {
        JsonNode v = node == null ? null : node.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < min || v.asLong() > max) {
            throw bad(path, path + " must be an integer " + min + ".." + max);
        }
        return v.asLong();
    }

    static UictlException bad(String path, String message) {
        return UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint("Fix the scenario; `uictl protocol-help` and `uictl schema scenario` describe the format.")
                .withDetail("path", path);
    }

    /** The scenario in canonical form (scenario.json): actions and assertions as {type, payload}, policy inline. */
    public static ObjectNode canonical(Scenario s, Object effectivePolicy) {
        ObjectNode root = Json.object();
        root.put("scenario_version", 1);
        ObjectNode meta = root.putObject("metadata");
        meta.put("name", s.name());
        if (s.description() != null) {
            meta.put("description", s.description());
        }
        ObjectNode run = root.putObject("run");
        run.put("command", s.run().command());
        ArrayNode args = run.putArray("args");
        s.run().args().forEach(args::add);
        if (s.run().cwd() != null) {
            run.put("cwd", s.run().cwd());
        }
        ObjectNode size = run.putObject("initial_size");
        size.put("rows", s.run().rows());
        size.put("cols", s.run().cols());
        if (effectivePolicy != null) {
            run.set("policy", Json.tree(effectivePolicy));
        }
        ArrayNode steps = root.putArray("steps");
        for (Step step : s.steps()) {
            ObjectNode o = steps.addObject();
            o.put("id", step.id());
            if (step.name() != null) {
                o.put("name", step.name());
            }
            o.set("action", Json.tree(step.actionJson()));
            ArrayNode as = o.putArray("assert");
            step.assertionJson().forEach(a -> as.add(Json.tree(a)));
            o.put("timeout_ms", step.timeoutMs());
            o.put("retries", step.retries());
        }
        return root;
    }
}
