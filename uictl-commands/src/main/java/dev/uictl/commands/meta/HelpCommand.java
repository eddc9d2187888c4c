package dev.uictl.commands.meta;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;

public final class HelpCommand implements Command {

    @Describe("Help text for a command, a group or everything")
    public record HelpPage(String topic, String text) implements TextView {
        @Override
        public String toText() {
            return text;
        }
    }

    static final CommandSpec SPEC = CommandSpec.builder("help", Category.META)
            .summary("Show help for everything, a command group or one command")
            .param(ParamSpec.positional("topic", ParamType.STRING_LIST, "Command or group words").asOptional())
            .output(new OutputType("help", HelpPage.class, "Help text"))
            .example("help", "List all commands")
            .example("help daemon start", "One command's parameters and examples")
            .example("help --text", "Plain text instead of the envelope")
            .example("help selectors", "How to name a window: refs, ids, titles, classes, pids")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CommandRegistry registry = ctx.service(CommandRegistry.class);
        String topic = String.join(" ", args.list("topic"));
        if (topic.isEmpty()) {
            return Result.of(new HelpPage("", HelpText.overview(registry, "")));
        }
        var command = registry.find(topic);
        if (command.isPresent()) {
            return Result.of(new HelpPage(topic, HelpText.forCommand(command.get().spec())));
        }
        if (topic.equals(HelpText.SELECTORS_TOPIC)) {
            return Result.of(new HelpPage(topic, HelpText.selectors()));
        }
        if (registry.groups().contains(topic)) {
            return Result.of(new HelpPage(topic, HelpText.overview(registry, topic)));
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, "no command or group named '" + topic + "'")
                .withHint("Run `uictl help` to list commands, or `uictl help selectors`.")
                .withDetail("groups", registry.groups());
    }
}
