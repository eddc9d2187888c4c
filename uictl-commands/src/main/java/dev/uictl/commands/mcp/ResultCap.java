package dev.uictl.commands.mcp;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The largest tool result a session answers. Hosts cap what one result may put into the model's context (Claude
 * Code: 25,000 tokens unless MAX_MCP_OUTPUT_TOKENS says otherwise) and refuse a larger one whole, so a result over
 * the cap never goes out as it is: the whole envelope goes to a private file (0600), and the answer is the envelope
 * with its long strings and arrays cut until it fits, saying what was cut, how big it was and where the rest is.
 * Size is measured on what the host receives besides images (the text content and structuredContent): images are
 * bounded by {@link ToolResults#MAX_IMAGE_BYTES} and hosts count their tokens by pixels, not bytes.
 *
 * @param maxTokens the cap, in tokens estimated at {@link #BYTES_PER_TOKEN} bytes each
 * @param newFile   a fresh private path for one oversized envelope
 */
record ResultCap(long maxTokens, Supplier<Path> newFile) {
    /**
     * Bytes per token of the estimate. JSON envelopes tokenize at 2.5 to 3.6 bytes a token (bench/results/tokens.md,
     * o200k and cl100k), so the low end keeps a result under a host that counts real tokens.
     */
    static final double BYTES_PER_TOKEN = 2.5;
    /** Cuts tried in turn, gentlest first: longest string kept, items kept per array. */
    private static final int[][] CUTS = {{4096, 200}, {1024, 50}, {256, 20}, {80, 5}, {40, 1}};
    /** The first cuts a notice names; the file has everything. */
    private static final int NAMED_CUTS = 12;

    long maxBytes() {
        return (long) (maxTokens * BYTES_PER_TOKEN);
    }

    /** The tool result of {@code envelope}: as it is when it fits, else cut, with the whole envelope in a file. */
    ObjectNode result(Envelope envelope, ProtocolRevision revision) {
        ObjectNode whole = ToolResults.of(envelope, revision);
        long size = measure(whole);
        if (size <= maxBytes()) {
            return whole;
        }
        byte[] json = (Json.write(envelope.withId(null)) + "\n").getBytes(StandardCharsets.UTF_8);
        String saved;
        try {
            Path file = newFile.get();
            ArtifactFile.write(file, json);
            saved = "The whole envelope (" + String.format("%,d", json.length) + " bytes of JSON) is in " + file
                    + " (mode 0600): read it in parts from there.";
        } catch (UictlException e) {
            saved = "The whole envelope could not be saved (" + e.getMessage() + "): narrow the call instead.";
        }
        JsonNode data = envelope.data() == null ? null : Json.tree(envelope.data());
        for (int[] cut : CUTS) {
            List<String> cuts = new ArrayList<>();
            JsonNode shorter = data == null ? null : shrink(data, cut[0], cut[1], "data", cuts);
            ObjectNode answer = cutResult(envelope, shorter, notice(size, saved, cuts), revision);
            if (measure(answer) <= maxBytes()) {
                return answer;
            }
        }
        return cutResult(envelope, null, notice(size, saved, List.of("data: left out whole")), revision);
    }

    private String notice(long size, String saved, List<String> cuts) {
        String named = String.join("; ", cuts.subList(0, Math.min(NAMED_CUTS, cuts.size())))
                + (cuts.size() > NAMED_CUTS ? "; and " + (cuts.size() - NAMED_CUTS) + " more" : "");
        return "Result cut to fit the host: it is " + String.format("%,d", size) + " bytes (about "
                + String.format("%,d", (long) Math.ceil(size / BYTES_PER_TOKEN)) + " tokens), over this server's cap of "
                + String.format("%,d", maxTokens) + " tokens (uictl mcp --max-result-tokens). " + saved
                + " Cut: " + named + ".";
    }

    private static ObjectNode cutResult(Envelope envelope, JsonNode data, String notice, ProtocolRevision revision) {
        AgentHints hints = envelope.agentHints() == null ? AgentHints.summary(null) : envelope.agentHints();
        List<String> warnings = new ArrayList<>(hints.warnings() == null ? List.of() : hints.warnings());
        warnings.addFirst(notice);
        Envelope cut = new Envelope(null, envelope.success(), envelope.command(), envelope.version(),
                envelope.timestamp(), data, envelope.error(), hints.withWarnings(warnings));
        ObjectNode result = ToolResults.of(cut, revision);
        ObjectNode text = (ObjectNode) result.get("content").get(0);
        text.put("text", notice + "\n" + text.get("text").asString());
        return result;
    }

    /** A copy of {@code node} with strings over {@code maxChars} and arrays over {@code maxItems} cut, each cut named. */
    private static JsonNode shrink(JsonNode node, int maxChars, int maxItems, String path, List<String> cuts) {
        if (node.isString() && node.asString().length() > maxChars) {
            String s = node.asString();
            cuts.add(path + ": " + String.format("%,d", s.length()) + " characters, first " + maxChars + " kept");
            return Json.tree(s.substring(0, maxChars) + "…");
        }
        if (node.isArray()) {
            ArrayNode out = Json.mapper().createArrayNode();
            int keep = Math.min(node.size(), maxItems);
            if (keep < node.size()) {
                cuts.add(path + ": " + String.format("%,d", node.size()) + " items, first " + keep + " kept");
            }
            for (int i = 0; i < keep; i++) {
                out.add(shrink(node.get(i), maxChars, maxItems, path + "[" + i + "]", cuts));
            }
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                out.set(e.getKey(), shrink(e.getValue(), maxChars, maxItems, path + "." + e.getKey(), cuts));
            }
            return out;
        }
        return node;
    }

    /** Bytes of what the host receives besides images: the result's JSON without image content. */
    static long measure(ObjectNode result) {
        ObjectNode copy = result.deepCopy();
        ArrayNode content = (ArrayNode) copy.get("content");
        for (int i = content.size() - 1; i >= 0; i--) {
            if ("image".equals(content.get(i).path("type").asString(""))) {
                content.remove(i);
            }
        }
        return Json.write(copy).getBytes(StandardCharsets.UTF_8).length;
    }
}
