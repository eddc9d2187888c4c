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
import java.nio.charset.StandardCharsets;

public final class ClipboardGetCommand implements Command {

    @Describe("The text a selection holds")
    public record ClipboardText(
            @Describe("clipboard or primary") String selection,
            @Describe("the text; empty when the selection has no owner") String text,
            @Describe("length in Unicode code points") int length,
            @Describe("length in UTF-8 bytes") int bytes,
            @Describe("true when nobody owns the selection") boolean empty,
            @Describe("the owning X window (hex), absent when none") @Nullable String owner,
            @Describe("true when uictl itself owns it (set by `uictl clipboard set`)") boolean ownedByUictl,
            @Describe("the type the owner stored the text as (UTF8_STRING, STRING, …)") @Nullable String target) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("clipboard get", Category.DESKTOP)
            .summary("Read the text of the clipboard (or the PRIMARY selection)")
            .param(ClipboardOptions.PRIMARY)
            .param(ClipboardOptions.TIMEOUT)
            .output(new OutputType("clipboard-text", ClipboardText.class, "The text a selection holds"))
            .example("clipboard get", "What Ctrl+V would paste")
            .example("clipboard get --primary", "What a middle-click would paste")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED,
                    ErrorCode.PLATFORM_NOT_SUPPORTED)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        Selections.Content c = ctx.service(Selections.class).get(ctx,
                ClipboardOptions.selection(args), ClipboardOptions.timeout(args));
        return Result.of(new ClipboardText(c.selection().wireName(), c.text(),
                c.text().codePointCount(0, c.text().length()), c.text().getBytes(StandardCharsets.UTF_8).length,
                c.owner() == 0, c.owner() == 0 ? null : ClipboardOptions.hex(c.owner()), c.ownedByUs(), c.target()));
    }
}
