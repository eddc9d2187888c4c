package dev.uictl.commands.desktop;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.engine.desktop.env.DesktopOptions;
import dev.uictl.engine.desktop.env.DesktopState;
import dev.uictl.engine.desktop.env.DesktopStore;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import java.util.ArrayList;
import java.util.List;

public final class DesktopDownCommand implements Command {

    @Describe("Private desktops stopped and the processes signalled")
    public record DesktopsStopped(@Describe("names of the desktops stopped") List<String> stopped,
                                  @Describe("displays they ran on") List<String> displays,
                                  @Describe("pids signalled (every process of their sessions)") List<Long> pids,
                                  int count) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("desktop down", Category.DESKTOP)
            .summary("Stop a private desktop: every process it started and their children, then its state")
            .description("Without --name: the desktop of $DISPLAY when that is one of ours, else 'default'. "
                    + "Stopping a desktop that does not exist succeeds with an empty list.")
            .param(ParamSpec.option("name", ParamType.STRING, "Desktop name"))
            .param(ParamSpec.flag("all", "Stop every private desktop of this user"))
            .output(new OutputType("desktop-down", DesktopsStopped.class,
                    "Private desktops stopped and the processes signalled"))
            .example("desktop down", "Stop the default (or current) private desktop")
            .example("desktop down --all", "Stop every private desktop")
            .errors(ErrorCode.ACTION_FAILED, ErrorCode.IO_ERROR, ErrorCode.PERMISSION_DENIED)
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        PrivateDesktops desktops = ctx.service(PrivateDesktops.class);
        DesktopStore store = desktops.store(ctx.env());
        List<String> names = args.flag("all") ? desktops.status(store).stream().map(DesktopState::name).toList()
                : List.of(args.has("name") ? DesktopOptions.validName(args.string("name"))
                        : desktops.implicitName(store, ctx.env()));
        List<String> stopped = new ArrayList<>();
        List<String> displays = new ArrayList<>();
        List<Long> pids = new ArrayList<>();
        for (String name : names) {
            desktops.down(store, name).ifPresent(down -> {
                stopped.add(down.desktop().name());
                displays.add(down.desktop().display());
                pids.addAll(down.signalled());
            });
        }
        AgentHints hints = AgentHints.summary(stopped.isEmpty() ? "no private desktop was running"
                : "stopped " + String.join(", ", stopped));
        return Result.of(new DesktopsStopped(stopped, displays, pids, stopped.size()), hints);
    }
}
