package dev.uictl.app.docs;

import dev.uictl.commands.Commands;
import dev.uictl.commands.mcp.ToolCatalog;
import dev.uictl.commands.mcp.ToolSelection;
import dev.uictl.commands.meta.OpenApi;
import dev.uictl.commands.meta.HelpText;
import dev.uictl.commands.meta.SchemaCommand;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.RobotAlias;
import dev.uictl.core.registry.ToolGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generates docs/commands.md and docs/schemas/*.json from the registry. A test regenerates them in memory and fails
 * when the committed files differ, so registry, help and docs cannot drift apart.
 */
public final class DocsGenerator {
    private DocsGenerator() {
    }

    /** Relative path → content of every generated file. */
    public static Map<String, String> generate(CommandRegistry registry) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("docs/commands.md", commandReference(registry));
        files.put("docs/mcp-tools.md", mcpTools(registry));
        files.put("docs/openapi.json", Json.writePretty(OpenApi.document(registry)) + "\n");
        SchemaCommand.all(registry).forEach((name, schema) ->
                files.put("docs/schemas/" + name + ".json", Json.writePretty(schema) + "\n"));
        return files;
    }

    static String commandReference(CommandRegistry registry) {
        StringBuilder sb = new StringBuilder();
        sb.append("# uictl command reference\n\n")
                .append("Generated from the command registry by `scripts/gen-docs`; do not edit by hand.\n")
                .append("Every command prints one envelope (`uictl schema envelope`); data schemas are in ")
                .append("[schemas/](schemas/).\n\n## Global options\n\n| option | meaning |\n|---|---|\n");
        for (GlobalOption o : GlobalOption.ALL) {
            sb.append("| `").append(o.name()).append(o.takesValue() ? " VALUE" : "").append("` | ")
                    .append(o.description()).append(" |\n");
        }
        sb.append("\n## NTM robot-mode flags\n\nA line that starts with one of these (before any command word) is ")
                .append("rewritten to the uictl command line shown, then runs that command with the same envelope: ")
                .append("`uictl --robot-send=api --msg='hi' --robot-terse` is `uictl --terse tmux send api --msg='hi'`.")
                .append("\n\n| flag | becomes | meaning |\n|---|---|---|\n");
        for (RobotAlias a : RobotAlias.ALL) {
            String value = switch (a.value()) {
                case NONE -> "";
                case OPTIONAL -> "[=VALUE]";
                case REQUIRED -> "=VALUE";
            };
            sb.append("| `").append(a.flag()).append(value).append("` | `").append(String.join(" ", a.replacement()))
                    .append(a.value() == RobotAlias.Value.NONE ? "" : " VALUE").append("` | ")
                    .append(a.description().replace("|", "\\|")).append(" |\n");
        }
        sb.append("\n## Error codes and exit codes\n\n| code | exit | default hint |\n|---|---|---|\n");
        for (ErrorCode c : ErrorCode.values()) {
            sb.append("| `").append(c.name()).append("` | ").append(c.exitCode()).append(" | ")
                    .append(c.defaultHint().replace("|", "\\|")).append(" |\n");
        }
        for (Category category : Category.values()) {
            var specs = registry.specs().stream().filter(s -> s.category() == category).toList();
            if (specs.isEmpty()) {
                continue;
            }
            sb.append("\n## ").append(category.title()).append("\n");
            for (CommandSpec s : specs) {
                sb.append("\n### `").append(s.name()).append("`\n\n```text\n").append(HelpText.forCommand(s))
                        .append("```\n");
            }
        }
        return sb.toString();
    }

    static String mcpTools(CommandRegistry registry) {
        StringBuilder sb = new StringBuilder();
        sb.append("# MCP tools of `uictl mcp`\n\n")
                .append("Generated from the command registry by `scripts/gen-docs`; do not edit by hand. ")
                .append("See [mcp.md](mcp.md) for the protocol and [commands.md](commands.md) for parameters; ")
                .append("each tool's input schema has the command's parameters as properties.\n\n")
                .append("`uictl mcp --tools` lists the default set (marked below), `all`, groups or tool names; ")
                .append("every tool runs by name and through `batch` whether listed or not.\n\n")
                .append("| group | tools | what |\n|---|---:|---|\n");
        for (ToolGroup g : ToolGroup.values()) {
            sb.append("| `").append(g.wireName()).append("` | ")
                    .append(registry.specs().stream().filter(s -> s.toolGroup() == g).count()).append(" | ")
                    .append(g.description()).append(" |\n");
        }
        sb.append("\n| tool | command | group | default | read-only | destructive | idempotent | open world | ")
                .append("summary |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (CommandSpec s : registry.specs()) {
            var a = s.annotations();
            sb.append("| `").append(ToolCatalog.toolName(s.name())).append("` | `").append(s.name()).append("` | ")
                    .append(s.toolGroup().wireName()).append(" | ")
                    .append(yes(ToolSelection.DEFAULT_COMMANDS.contains(s.name()))).append(" | ")
                    .append(yes(a != null && a.readOnlyHint())).append(" | ")
                    .append(yes(a != null && a.destructiveHint())).append(" | ")
                    .append(yes(a != null && a.idempotentHint())).append(" | ")
                    .append(yes(a != null && a.openWorldHint())).append(" | ")
                    .append(s.nestable() ? "" : "**not callable over MCP** (" + s.whyNotNestable() + "). ")
                    .append(s.summary().replace("|", "\\|")).append(" |\n");
        }
        sb.append("\nA call to a tool marked not callable answers `INVALID_ARGS` (`details.kind: not_nestable`), as in "
                + "`serve` and `batch`; [mcp.md](mcp.md#tools) says why for each.\n");
        return sb.toString();
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        for (var e : generate(Commands.registry()).entrySet()) {
            Path file = root.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
        }
    }
}
