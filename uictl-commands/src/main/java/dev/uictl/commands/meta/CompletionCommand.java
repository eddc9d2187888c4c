package dev.uictl.commands.meta;

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

public final class CompletionCommand implements Command {

    @Describe("A shell completion script; --text prints the script alone")
    public record CompletionScript(String shell, String script) implements TextView {
        @Override
        public String toText() {
            return script;
        }
    }

    static final CommandSpec SPEC = CommandSpec.builder("completion", Category.META)
            .summary("Print a shell completion script generated from the command registry")
            .param(ParamSpec.positional("shell", ParamType.ENUM, "Target shell").choices("bash", "zsh", "fish"))
            .output(new OutputType("completion", CompletionScript.class, "Shell completion script"))
            .example("completion bash --text > ~/.local/share/bash-completion/completions/uictl",
                    "Install bash completion")
            .example("completion fish --text | source", "Load fish completion now")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CommandRegistry registry = ctx.service(CommandRegistry.class);
        String shell = args.string("shell");
        String script = switch (shell) {
            case "zsh" -> CompletionScripts.zsh(registry);
            case "fish" -> CompletionScripts.fish(registry);
            default -> CompletionScripts.bash(registry);
        };
        return Result.of(new CompletionScript(shell, script));
    }
}
