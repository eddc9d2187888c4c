package dev.uictl.core.render;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;

/**
 * Compact, actionable text: scalars as `key: value`, lists of objects one line per item with `key=value` pairs,
 * so refs, ids, geometry and paths are always printed. Errors read `error CODE: message` then `hint: ...`.
 */
final class TextRenderer {
    private TextRenderer() {
    }

    static String render(Envelope e) {
        StringBuilder out = new StringBuilder();
        if (!e.success()) {
            out.append("error ").append(e.error().code()).append(": ").append(e.error().message()).append('\n');
            out.append("hint: ").append(e.error().hint()).append('\n');
            if (e.error().delivery() != null) {
                out.append("delivery: ").append(e.error().delivery()).append('\n');
            }
            if (e.error().details() != null) {
                writeNode(out, Json.tree(e.error().details()), "");
            }
            return out.toString();
        }
        if (e.data() instanceof TextView view) {
            out.append(view.toText());
        } else if (e.data() != null) {
            writeNode(out, Json.tree(e.data()), "");
        }
        if (e.agentHints() != null && e.agentHints().nextOffset() != null) {
            out.append("next: --offset ").append(e.agentHints().nextOffset()).append('\n');
        }
        return out.toString();
    }

    private static void writeNode(StringBuilder out, JsonNode node, String indent) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode v = field.getValue();
            if (v.isValueNode()) {
                out.append(indent).append(field.getKey()).append(": ").append(scalar(v)).append('\n');
            } else if (v.isArray()) {
                out.append(indent).append(field.getKey()).append(" (").append(v.size()).append("):\n");
                for (JsonNode item : v) {
                    out.append(indent).append("  ").append(item.isObject() ? inline(item) : nested(item))
                            .append('\n');
                }
            } else {
                out.append(indent).append(field.getKey()).append(":\n");
                writeNode(out, v, indent + "  ");
            }
        }
    }

    /** One item on one line; nested objects and arrays are bracketed so the line stays unambiguous. */
    static String inline(JsonNode node) {
        StringJoiner j = new StringJoiner(" ");
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            j.add(f.getKey() + "=" + nested(f.getValue()));
        }
        return j.toString();
    }

    private static String nested(JsonNode node) {
        if (node.isValueNode()) {
            return scalar(node);
        }
        StringJoiner j = new StringJoiner(" ");
        if (node.isArray()) {
            node.forEach(item -> j.add(nested(item)));
            return "[" + j + "]";
        }
        return "{" + inline(node) + "}";
    }

    static String scalar(JsonNode v) {
        if (v.isString()) {
            String s = v.asString();
            return s.isEmpty() || s.contains(" ") ? '"' + s.replace("\"", "\\\"") + '"' : s;
        }
        return v.toString();
    }
}
