package dev.uictl.core.render;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Markdown: a heading per command, scalar fields as a two-column table, lists of objects as tables. */
final class MarkdownRenderer {
    private MarkdownRenderer() {
    }

    static String render(Envelope e) {
        StringBuilder out = new StringBuilder("## ").append(e.command()).append('\n').append('\n');
        if (!e.success()) {
            out.append("**Error `").append(e.error().code()).append("`**: ").append(cell(e.error().message()))
                    .append("\n\n").append("Hint: ").append(e.error().hint()).append('\n');
            if (e.error().details() != null) {
                out.append('\n');
                section(out, Json.tree(e.error().details()));
            }
            return out.toString();
        }
        if (e.data() != null) {
            section(out, Json.tree(e.data()));
        }
        return out.toString();
    }

    private static void section(StringBuilder out, JsonNode node) {
        StringBuilder scalars = new StringBuilder();
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            if (f.getValue().isValueNode()) {
                scalars.append("| ").append(f.getKey()).append(" | ").append(cell(TextRenderer.scalar(f.getValue())))
                        .append(" |\n");
            }
        }
        if (!scalars.isEmpty()) {
            out.append("| field | value |\n|---|---|\n").append(scalars).append('\n');
        }
        for (Map.Entry<String, JsonNode> f : node.properties()) {
            JsonNode v = f.getValue();
            if (v.isArray()) {
                out.append("### ").append(f.getKey()).append(" (").append(v.size()).append(")\n\n");
                table(out, v);
            } else if (v.isObject()) {
                out.append("### ").append(f.getKey()).append("\n\n");
                section(out, v);
            }
        }
    }

    private static void table(StringBuilder out, JsonNode array) {
        Set<String> columns = new LinkedHashSet<>();
        for (JsonNode item : array) {
            if (item.isObject()) {
                item.properties().forEach(f -> columns.add(f.getKey()));
            }
        }
        if (columns.isEmpty()) {
            array.forEach(item -> out.append("- ").append(cell(TextRenderer.scalar(item))).append('\n'));
            out.append('\n');
            return;
        }
        out.append("| ").append(String.join(" | ", columns)).append(" |\n|");
        columns.forEach(c -> out.append("---|"));
        out.append('\n');
        for (JsonNode item : array) {
            out.append('|');
            for (String c : columns) {
                JsonNode v = item.get(c);
                String text = v == null ? "" : v.isValueNode() ? TextRenderer.scalar(v) : v.toString();
                out.append(' ').append(cell(text)).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", "<br>");
    }
}
