package dev.uictl.commands.desktop;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import java.util.List;

public final class DesktopStatusCommand implements Command {

    @Describe("The private desktops of this user (runtime directory)")
    public record DesktopList(List<DesktopInfo> desktops, int count, @Describe("how many are running") int alive) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("desktop status", Category.DESKTOP)
            .summary("List the private desktops with their display, environment and process liveness")
            .output(new OutputType("desktop-list", DesktopList.class, "The private desktops of this user"))
            .example("desktop status", "Which private desktops exist and whether they run")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        PrivateDesktops desktops = ctx.service(PrivateDesktops.class);
        List<DesktopInfo> list = desktops.status(desktops.store(ctx.env())).stream()
                .map(d -> DesktopInfo.of(d, null)).toList();
        return Result.of(new DesktopList(list, list.size(), (int) list.stream().filter(DesktopInfo::alive).count()));
    }
}
