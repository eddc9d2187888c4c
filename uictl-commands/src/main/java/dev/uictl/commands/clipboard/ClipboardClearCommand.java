package dev.uictl.commands.clipboard;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.spi.Selections;

public final class ClipboardClearCommand implements Command {

    @Describe("A selection left without owner")
    public record ClipboardCleared(
            @Describe("clipboard or primary") String selection,
            @Describe("the window that owned it before (hex), absent when none") @Nullable String previousOwner) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("clipboard clear", Category.DESKTOP)
            .summary("Empty the clipboard (or the PRIMARY selection), whoever owns it")
            .param(ClipboardOptions.PRIMARY)
            .param(ClipboardOptions.TIMEOUT)
            .output(new OutputType("clipboard-cleared", ClipboardCleared.class, "A selection left without owner"))
            .example("clipboard clear", "Nothing to paste afterwards")
            .example("clipboard clear --primary", "Empty the PRIMARY selection")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.ACTION_FAILED, ErrorCode.TIMEOUT,
                    ErrorCode.PLATFORM_NOT_SUPPORTED)
            .annotations(ToolAnnotations.destructive().idempotent())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        int previous = ctx.service(Selections.class).clear(ctx.env(), ClipboardOptions.selection(args),
                ClipboardOptions.timeout(args));
        return Result.of(new ClipboardCleared(ClipboardOptions.selection(args).wireName(),
                previous == 0 ? null : ClipboardOptions.hex(previous)));
    }
}
