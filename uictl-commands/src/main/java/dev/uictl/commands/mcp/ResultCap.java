package dev.uictl.commands.mcp;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The largest tool result a session answers. Hosts cap what one result may put into the model's context (Claude
 * Code: 25,000 tokens unless MAX_MCP_OUTPUT_TOKENS says otherwise) and refuse a larger one whole, so a result over
 * the cap never goes out as it is: the whole envelope goes to a private file (0600), and the answer is the envelope
 * with its long strings and arrays cut until it fits, saying what was cut, how big it was and where the rest is.
 * The file is also a resource ({@link SavedResults}), linked from the answer where the revision has resource links.
 * Size is measured on what the host receives besides images (the text content and structuredContent): images are
 * bounded by {@link ToolResults#MAX_IMAGE_BYTES} and hosts count their tokens by pixels, not bytes.
 *
 * @param maxTokens the cap, in tokens estimated at {@link #BYTES_PER_TOKEN} bytes each
 * @param saved     where this session's oversized envelopes go
 */
record ResultCap(long maxTokens, SavedResults saved) {
    /**
     * Bytes per token of the estimate. JSON envelopes tokenize at 2.5 to 3.6 bytes a token (bench/results/tokens.md,
     * o200k and cl100k), so the low end keeps a result under a host that counts real tokens.
     */
    static final double BYTES_PER_TOKEN = 2.5;
    /** Strings shorter than this are never cut: they are names, ids and values, not bulk. */
    private static final int MIN_STRING = 64;
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
        SavedResults.Saved file = null;
        String where;
        try {
            file = saved.save(json);
            where = "The whole envelope (" + String.format("%,d", json.length) + " bytes of JSON) is in " + file.file()
                    + " (mode 0600), and is the resource " + file.uri() + ": read it in parts from there.";
        } catch (UictlException e) {
            where = "The whole envelope could not be saved (" + e.getMessage() + "): narrow the call instead.";
        }
        // data under a holder, so that data itself can be cut when it is the array
        ObjectNode holder = Json.object();
        holder.set("data", envelope.data() == null ? null : Json.tree(envelope.data()).deepCopy());
        Map<String, Cut> cuts = new LinkedHashMap<>();
        while (true) {
            ObjectNode answer = cutResult(envelope, holder.get("data"), notice(size, where, cuts), file, revision);
            if (measure(answer) <= maxBytes()) {
                return answer;
            }
            Cuttable largest = largest(holder, "", null);
            if (largest == null) {
                return cutResult(envelope, null, notice(size, where, Map.of("data", new Cut("left out whole", ""))),
                        file, revision);
            }
            largest.halve(cuts);
        }
    }

    /** What one cut took from one place: its size before, what is left. */
    private record Cut(String before, String kept) {
        @Override
        public String toString() {
            return before + (kept.isEmpty() ? "" : ", " + kept);
        }
    }

    private String notice(long size, String saved, Map<String, Cut> cuts) {
        List<String> all = cuts.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList();
        String named = String.join("; ", all.subList(0, Math.min(NAMED_CUTS, all.size())))
                + (all.size() > NAMED_CUTS ? "; and " + (all.size() - NAMED_CUTS) + " more" : "");
        return "Result cut to fit the host: it is " + String.format("%,d", size) + " bytes (about "
                + String.format("%,d", (long) Math.ceil(size / BYTES_PER_TOKEN))
                + " tokens), over this server's cap of "
                + String.format("%,d", maxTokens) + " tokens (uictl mcp --max-result-tokens). " + saved
                + " Cut: " + named + ".";
    }

    private static ObjectNode cutResult(Envelope envelope, JsonNode data, String notice, SavedResults.Saved file,
                                        ProtocolRevision revision) {
        AgentHints hints = envelope.agentHints() == null ? AgentHints.summary(null) : envelope.agentHints();
        List<String> warnings = new ArrayList<>(hints.warnings() == null ? List.of() : hints.warnings());
        warnings.addFirst(notice);
        Envelope cut = new Envelope(null, envelope.success(), envelope.command(), envelope.version(),
                envelope.timestamp(), data, envelope.error(), hints.withWarnings(warnings));
        ObjectNode result = ToolResults.of(cut, revision);
        ObjectNode text = (ObjectNode) result.get("content").get(0);
        text.put("text", notice + "\n" + text.get("text").asString());
        if (file != null && revision.hasResourceLinks()) {
            ((ArrayNode) result.get("content")).add(file.describe().put("type", "resource_link"));
        }
        return result;
    }

    /**
     * An array of two or more items or a string longer than {@link #MIN_STRING} in the data, with its parent and
     * its approximate JSON size: the next thing to halve. Halving the largest first keeps the small parts whole
     * (a screen's lines stay when its cells are cut).
     */
    private record Cuttable(String path, JsonNode parent, String field, int index, JsonNode node, long bytes) {
        void halve(Map<String, Cut> cuts) {
            JsonNode shorter;
            String before;
            String kept;
            if (node.isArray()) {
                ArrayNode half = Json.mapper().createArrayNode();
                for (int i = 0; i < node.size() / 2; i++) {
                    half.add(node.get(i));
                }
                shorter = half;
                before = String.format("%,d", node.size()) + " items";
                kept = "first " + half.size() + " kept";
            } else {
                String s = node.asString();
                shorter = Json.tree(s.substring(0, s.length() / 2) + "…");
                before = String.format("%,d", s.length()) + " characters";
                kept = "first " + s.length() / 2 + " kept";
            }
            if (parent.isArray()) {
                ((ArrayNode) parent).set(index, shorter);
            } else {
                ((ObjectNode) parent).set(field, shorter);
            }
            Cut earlier = cuts.get(path);
            cuts.put(path, new Cut(earlier != null ? earlier.before() : before, kept));
        }
    }

    /** The largest cuttable node under {@code node} (itself included), or null. */
    private static Cuttable largest(JsonNode node, String path, Cuttable self) {
        Cuttable best = self;
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode child = node.get(i);
                best = larger(best, largest(child, path + "[" + i + "]", cuttable(path + "[" + i + "]", node, null, i,
                        child)));
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String at = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                best = larger(best, largest(e.getValue(), at, cuttable(at, node, e.getKey(), -1, e.getValue())));
            }
        }
        return best;
    }

    private static Cuttable cuttable(String path, JsonNode parent, String field, int index, JsonNode node) {
        boolean can = node.isArray() && node.size() > 1 || node.isString() && node.asString().length() > MIN_STRING;
        return can ? new Cuttable(path, parent, field, index, node, Json.write(node).length()) : null;
    }

    private static Cuttable larger(Cuttable a, Cuttable b) {
        return a == null ? b : b == null ? a : b.bytes() > a.bytes() ? b : a;
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
