package dev.uictl.commands.meta;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.engine.system.ToolProbe;
import dev.uictl.engine.system.ToolStatus;
import java.util.List;

public final class ToolsCommand implements Command {

    @Describe("Inventory of backends and external tools")
    public record ToolInventory(List<ToolStatus> tools, int available, int missing) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("tools", Category.META)
            .summary("List backends and external tools with availability, version and a fix hint")
            .output(new OutputType("tools", ToolInventory.class, "Inventory of backends and external tools"))
            .example("tools", "Everything uictl can use here, as JSON")
            .example("tools --format md", "The same as a Markdown table")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<ToolStatus> tools = ctx.service(ToolProbe.class).inventory(ctx.env());
        int available = (int) tools.stream().filter(ToolStatus::available).count();
        List<String> missing = tools.stream().filter(t -> !t.available()).map(ToolStatus::name).toList();
        AgentHints hints = AgentHints.summary(available + " of " + tools.size() + " available");
        if (!missing.isEmpty()) {
            hints = hints.withWarnings(List.of("unavailable: " + String.join(", ", missing)))
                    .withSuggestedAction(tools.stream().filter(t -> !t.available()).findFirst().orElseThrow().fix());
        }
        return Result.of(new ToolInventory(tools, available, missing.size()), hints);
    }
}
