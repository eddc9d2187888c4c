package dev.uictl.commands.clipboard;

import dev.uictl.commands.daemon.RuntimeInfo;
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
import dev.uictl.engine.desktop.spi.Selections;
import dev.uictl.engine.desktop.clipboard.Selection;
import java.nio.charset.StandardCharsets;
import java.util.List;

public final class ClipboardSetCommand implements Command {

    @Describe("A selection uictl now owns and serves")
    public record ClipboardSet(
            @Describe("clipboard or primary") String selection,
            @Describe("length in Unicode code points") int length,
            @Describe("length in UTF-8 bytes") int bytes,
            @Describe("uictl's hidden owner window (hex)") String owner,
            @Describe("who keeps serving the text: daemon (until it stops) or in-process (until this process exits)")
            String heldBy) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("clipboard set", Category.DESKTOP)
            .summary("Put text on the clipboard (or the PRIMARY selection); the daemon serves it to other apps")
            .description("X selections are served by their owner on request, so the text stays pasteable only while "
                    + "uictl runs: the daemon keeps it (and does not expire while idle) until it is stopped or another "
                    + "application copies something. With --no-daemon the process exits right away and the selection is lost.")
            .param(ParamSpec.positional("text", ParamType.STRING, "the text (any Unicode)"))
            .param(ClipboardOptions.PRIMARY)
            .param(ClipboardOptions.TIMEOUT)
            .output(new OutputType("clipboard-set", ClipboardSet.class, "A selection uictl now owns and serves"))
            .example("clipboard set hello", "Ctrl+V in any application now pastes 'hello'")
            .example("clipboard set héllo€ --primary", "Middle-click pastes 'héllo€'")
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
        String text = args.string("text");
        Selection selection = ClipboardOptions.selection(args);
        int owner = ctx.service(Selections.class).set(ctx.env(), selection, text,
                ClipboardOptions.timeout(args));
        boolean daemon = "daemon".equals(ctx.service(RuntimeInfo.class).mode());
        AgentHints hints = AgentHints.summary(selection.wireName() + " set ("
                + text.codePointCount(0, text.length()) + " characters)");
        if (!daemon) {
            hints = hints.withWarnings(List.of("running without the daemon: the " + selection.wireName()
                    + " is served only while this process runs and is lost when it exits"))
                    .withSuggestedAction("uictl clipboard set '" + text.replace("'", "'\\''") + "'   # through the daemon");
        }
        return Result.of(new ClipboardSet(selection.wireName(), text.codePointCount(0, text.length()),
                text.getBytes(StandardCharsets.UTF_8).length, ClipboardOptions.hex(owner),
                daemon ? "daemon" : "in-process"), hints);
    }
}
