package dev.uictl.commands.window;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.envelope.AgentHints;
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
import dev.uictl.engine.desktop.service.DesktopService;

import dev.uictl.core.call.BoundedCall;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.model.WindowList;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import java.util.List;
import java.util.Optional;
import java.util.Set;

public final class ListWindowsCommand implements Command {
    /** The largest --limit and --offset (far more windows than any desktop has). */
    static final long MAX_PAGE = 100_000;
    /** The page size when none is asked for; pagination.limit echoes it. */
    static final long DEFAULT_LIMIT = 1000;
    static final CommandSpec SPEC = CommandSpec.builder("list-windows", Category.WINDOWS)
            .summary("Managed windows, topmost first, with refs (@w1…), stable ids, pid and client-area geometry")
            .param(ParamSpec.option("app", ParamType.STRING, "Only windows of this WM_CLASS class (case-insensitive)"))
            .param(ParamSpec.option("limit", ParamType.INTEGER, "At most this many windows")
                    .defaultsTo(Long.toString(DEFAULT_LIMIT)).between(0, ListWindowsCommand.MAX_PAGE))
            .param(ParamSpec.option("offset", ParamType.INTEGER, "Skip this many windows").defaultsTo("0")
                    .between(0, ListWindowsCommand.MAX_PAGE))
            .output(new OutputType("window-list", WindowList.class, "Managed windows, topmost first"))
            .example("list-windows", "Every window with its ref")
            .example("list-windows --app xterm --limit 5", "At most five xterms")
            .example("list-windows --text", "One compact line per window")
            .errors(ErrorCode.INVALID_ARGS)
            .errors(WindowParams.DISPLAY_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    /**
     * Telling which windows are accessible costs at most this (a hung application must not slow the listing); when
     * it runs out the mark is left out rather than guessed.
     */
    static final long ACCESSIBLE_BUDGET_MS = 1000;

    @Override
    public Result run(Args args, CommandContext ctx) {
        Long limit = args.integerOrNull("limit");
        long offset = args.integerOr("offset", 0);
        WindowList list = accessible(ctx, ctx.service(DesktopService.class).listWindows(ctx,
                args.stringOr("app", null), limit == null ? null : Math.toIntExact(limit), Math.toIntExact(offset)));
        AgentHints hints = AgentHints.summary(list.pagination().total() + " windows")
                .withNextOffset(list.pagination().nextOffset());
        return Result.of(list, hints);
    }

    /** Marks each listed window accessible or not; leaves the mark out when that cannot be told. */
    private static WindowList accessible(CommandContext ctx, WindowList list) {
        if (list.windows().isEmpty()) {
            return list;
        }
        Optional<Set<String>> ids = ctx.service(AccessibilityBackend.class)
                .accessibleWindows(BoundedCall.of(ctx, ACCESSIBLE_BUDGET_MS), list.windows());
        if (ids.isEmpty()) {
            return list;
        }
        List<Window> marked = list.windows().stream().map(w -> w.withAccessible(ids.get().contains(w.windowId())))
                .toList();
        return new WindowList(marked, list.pagination(), list.filters());
    }
}
