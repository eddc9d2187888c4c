package dev.uictl.commands.mcp;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ToolGroup;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tools a session lists, from `--tools default|all|GROUP|TOOL[,...]`. Hosts load every listed definition into
 * the model's context, so the default is the agent loop (observe, act, wait, verify) on a desktop, its accessibility
 * tree and terminal programs, plus help and batch, through which every unlisted tool still runs. Listing is about
 * context, not permission: a call of an unlisted tool by name runs like any other.
 *
 * @param tools the listed tool names, in registry order
 */
public record ToolSelection(List<String> tools) {
    public static final String DEFAULT = "default";
    public static final String ALL = "all";

    /** The default set, as command names; McpToolListTest holds it to ≤ 30 tools and a tools/list of ≤ 32 KB. */
    public static final List<String> DEFAULT_COMMANDS = List.of(
            "list-windows", "focus", "launch", "screenshot", "wait window",
            "snapshot", "find", "get element", "is", "fill", "select", "wait element", "wait text",
            "click", "type", "press",
            "term open", "term screen", "term type", "term keys", "term wait", "term close",
            "exec", "help", "batch");

    public ToolSelection {
        tools = List.copyOf(tools);
    }

    /** Parses a `--tools` value against the registry; an unknown word is INVALID_ARGS naming what is known. */
    public static ToolSelection parse(String value, CommandRegistry registry) {
        Set<String> chosen = new LinkedHashSet<>();
        for (String word : value.split(",")) {
            String w = word.strip();
            if (w.equals(ALL)) {
                registry.specs().forEach(s -> chosen.add(ToolCatalog.toolName(s.name())));
            } else if (w.equals(DEFAULT)) {
                DEFAULT_COMMANDS.forEach(c -> chosen.add(ToolCatalog.toolName(c)));
            } else if (ToolGroup.ofWire(w).isPresent()) {
                ToolGroup group = ToolGroup.ofWire(w).orElseThrow();
                registry.specs().stream().filter(s -> s.toolGroup() == group)
                        .forEach(s -> chosen.add(ToolCatalog.toolName(s.name())));
            } else {
                chosen.add(registry.specs().stream().map(CommandSpec::name).map(ToolCatalog::toolName)
                        .filter(t -> t.equals(w) || t.equals(w.replace(' ', '_'))).findFirst()
                        .orElseThrow(() -> unknown(w)));
            }
        }
        return new ToolSelection(registry.specs().stream().map(s -> ToolCatalog.toolName(s.name()))
                .filter(chosen::contains).toList());
    }

    private static UictlException unknown(String word) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "--tools: '" + word + "' is neither a tool group nor a tool")
                .withHint("Give default, all, groups (" + groupNames() + ") or tool names, comma-separated: "
                        + "`uictl mcp --tools default,tmux`.")
                .withDetail("value", word);
    }

    /** The group names `--tools` takes, comma-separated. */
    public static String groupNames() {
        return Arrays.stream(ToolGroup.values()).map(ToolGroup::wireName).collect(Collectors.joining(", "));
    }
}
