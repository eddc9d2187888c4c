package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ElementWaitResult;
import dev.uictl.engine.desktop.element.ElementWaits;

public final class WaitTextCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("wait text", Category.WAIT)
            .summary("Wait until exactly one element's name, value or description contains TEXT (or, with --gone, none)")
            .description("The same as `wait element 'text~=\"TEXT\"'`, scoped with --window to one window.")
            .param(ParamSpec.positional("text", ParamType.STRING, "the text to look for").asRequired())
            .param(ParamSpec.option("window", ParamType.STRING, "a window selector to search in"))
            .param(ParamSpec.flag("gone", "wait until no element shows the text"))
            .param(WaitElementCommand.TIMEOUT)
            .output(WaitElementCommand.OUTPUT)
            .example("wait text 'clicked 1' --timeout 3000", "Wait until a label reads 'clicked 1'")
            .errors(ElementParams.TEXT_WAIT_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        String text = args.string("text").replace("\\", "\\\\").replace("\"", "\\\"");
        String query = "text~=\"" + text + "\"";
        String target = args.has("window") ? args.string("window") + " >> " + query : query;
        ElementWaitResult r = ctx.service(ElementWaits.class).element(ctx, target, args.flag("gone"), null,
                args.integerOr("timeout", 10_000));
        return Result.of(r, AgentHints.summary(r.waitedFor() + " after " + r.elapsedMs() + " ms"));
    }
}
