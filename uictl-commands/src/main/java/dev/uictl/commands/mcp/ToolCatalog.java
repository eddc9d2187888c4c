package dev.uictl.commands.mcp;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.registry.ToolGroup;
import dev.uictl.core.schema.InputSchemas;
import dev.uictl.core.schema.SchemaGenerator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The registry as MCP tools: one tool per command. A session lists a selection of them ({@link ToolSelection}: the
 * default set, groups, names) and calls any of them by name. Definitions are short unless asked for in full: a
 * one-line description (the summary) and no output schema, because hosts load every listed definition into the
 * model's context; the full form adds the long description and the envelope's output schema. Seven commands cannot run
 * inside a tools/call (term attach takes over a terminal; serve, mcp and driver own their caller's input and output;
 * daemon run/stop/restart manage the daemon the session runs in): their tools say so first in their description, and
 * a call answers the same INVALID_ARGS not_nestable envelope serve and batch give (docs/mcp.md says why for each).
 * A command's words joined by '_' name its tool ("term open" → term_open; "list-windows" keeps its hyphen), because
 * MCP tool names must match {@code ^[a-zA-Z0-9_-]{1,64}$}; no command name contains '_', so the mapping is one to one.
 */
public final class ToolCatalog {
    static final Pattern TOOL_NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

    private final Map<String, Command> byTool = new LinkedHashMap<>();
    private final Map<String, ObjectNode> outputSchemas = new ConcurrentHashMap<>();
    private final Map<ProtocolRevision, List<ObjectNode>> definitions = new ConcurrentHashMap<>();
    private final ToolSelection listed;
    private final boolean full;

    private static final Map<List<Object>, ToolCatalog> CATALOGS = new ConcurrentHashMap<>();

    /**
     * The catalog of a registry, shared by the sessions of a process (the daemon serves many).
     *
     * @param listed the tools tools/list answers
     * @param full   long descriptions and output schemas in the definitions
     */
    public static ToolCatalog of(CommandRegistry registry, ToolSelection listed, boolean full) {
        return CATALOGS.computeIfAbsent(List.of(registry, listed, full), k -> new ToolCatalog(registry, listed, full));
    }

    private ToolCatalog(CommandRegistry registry, ToolSelection listed, boolean full) {
        this.listed = listed;
        this.full = full;
        for (Command c : registry.commands()) {
            String tool = toolName(c.spec().name());
            if (byTool.putIfAbsent(tool, c) != null) {
                throw new IllegalStateException("two commands map to the MCP tool name " + tool);
            }
        }
    }

    /** The MCP tool name of a command: its words joined by '_'. */
    public static String toolName(String command) {
        String tool = command.replace(' ', '_');
        if (!TOOL_NAME.matcher(tool).matches() || command.contains("_")) {
            throw new IllegalStateException("command '" + command + "' has no valid MCP tool name");
        }
        return tool;
    }

    Optional<Command> command(String tool) {
        return Optional.ofNullable(byTool.get(tool));
    }

    /** How many tools tools/list answers. */
    int size() {
        return listed.tools().size();
    }

    ToolSelection listed() {
        return listed;
    }

    /**
     * What the session's instructions say of the tools it does not list, so every group stays reachable: their
     * commands by group (those a call can run), and the two ways to them (batch runs any command; the user can list
     * more with --tools). Empty when every tool is listed.
     */
    String unlisted() {
        Map<ToolGroup, List<String>> byGroup = new EnumMap<>(ToolGroup.class);
        byTool.forEach((tool, command) -> {
            if (!listed.tools().contains(tool) && command.spec().nestable()) {
                byGroup.computeIfAbsent(command.spec().toolGroup(), g -> new ArrayList<>()).add(command.spec().name());
            }
        });
        if (byGroup.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("Listed: ").append(size()).append(" of ").append(byTool.size())
                .append(" tools. The others ");
        if (listed.tools().contains("batch")) {
            sb.append("run through the batch tool (commands: [{\"command\":\"tmux status\",\"args\":{}}]; "
                    + "`uictl help COMMAND` through it shows a command's parameters), or ");
        }
        sb.append("are listed when the user starts `uictl mcp --tools default,GROUP` (or --tools all). By group:");
        byGroup.forEach((group, names) -> sb.append(' ').append(group.wireName()).append(": ")
                .append(String.join(", ", names)).append(';'));
        sb.setLength(sb.length() - 1);
        return sb.append('.').toString();
    }

    /**
     * Tool definitions {@code [from, from + count)} as the negotiated revision spells them. Built once per revision
     * and shared by every session: generating ~60 output schemas is most of a first tools/list otherwise.
     */
    List<ObjectNode> definitions(int from, int count, ProtocolRevision revision) {
        List<ObjectNode> all = definitions.computeIfAbsent(revision, this::allDefinitions);
        return all.subList(Math.min(from, all.size()), Math.min(all.size(), from + count));
    }

    private List<ObjectNode> allDefinitions(ProtocolRevision revision) {
        List<ObjectNode> out = new ArrayList<>();
        listed.tools().forEach(tool -> out.add(definition(tool, byTool.get(tool).spec(), revision)));
        return List.copyOf(out);
    }

    private ObjectNode definition(String tool, CommandSpec spec, ProtocolRevision revision) {
        ObjectNode t = Json.object();
        t.put("name", tool);
        if (revision.hasStructuredOutput()) {
            t.put("title", spec.name());
        }
        t.put("description", refusal(spec) + (spec.description().isEmpty() || !full ? spec.summary()
                : spec.summary() + ". " + spec.description()));
        t.set("inputSchema", InputSchemas.of(spec));
        if (revision.hasStructuredOutput() && full) {
            t.set("outputSchema", outputSchemas.computeIfAbsent(spec.output().name(),
                    n -> outputSchema(spec.output())));
        }
        if (revision.hasAnnotations() && spec.annotations() != null) {
            ToolAnnotations a = spec.annotations();
            ObjectNode ann = t.putObject("annotations");
            ann.put("readOnlyHint", a.readOnlyHint());
            ann.put("destructiveHint", a.destructiveHint());
            ann.put("idempotentHint", a.idempotentHint());
            ann.put("openWorldHint", a.openWorldHint());
        }
        return t;
    }

    /** What a tool that cannot run inside a call says first, so an agent reading the list does not try it. */
    private static String refusal(CommandSpec spec) {
        return spec.nestable() ? "" : "Not callable over MCP (" + spec.whyNotNestable()
                + "): a call answers INVALID_ARGS; run `uictl " + spec.name() + "` in a shell. ";
    }

    /**
     * The envelope's schema with {@code data} typed as the command's output: what structuredContent holds, for a
     * success and a failure alike. Without $schema/$id, so clients validating with a draft-07 validator accept it.
     */
    static ObjectNode outputSchema(OutputType output) {
        ObjectNode envelope = SchemaGenerator.document("envelope", "", Envelope.class);
        ObjectNode data = SchemaGenerator.document(output.name(), output.description(), output.type());
        ObjectNode defs = envelope.has("$defs") ? (ObjectNode) envelope.get("$defs") : envelope.putObject("$defs");
        if (data.has("$defs")) {
            data.get("$defs").properties().forEach(e -> defs.putIfAbsent(e.getKey(), e.getValue()));
            data.remove("$defs");
        }
        for (String key : List.of("$schema", "$id", "title")) {
            envelope.remove(key);
            data.remove(key);
        }
        ((ObjectNode) envelope.get("properties")).set("data", data);
        envelope.put("description", "The uictl envelope; data is present on success");
        return envelope;
    }
}
