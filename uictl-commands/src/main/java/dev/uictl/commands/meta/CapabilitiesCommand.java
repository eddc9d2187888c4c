package dev.uictl.commands.meta;

import dev.uictl.commands.meta.CommandCatalog.CommandInfo;
import dev.uictl.commands.meta.CommandCatalog.ErrorCodeInfo;
import dev.uictl.commands.meta.CommandCatalog.GlobalOptionInfo;
import dev.uictl.commands.meta.CommandCatalog.RobotAliasInfo;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
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
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.system.ToolProbe;
import java.util.Arrays;
import java.util.List;

public final class CapabilitiesCommand implements Command {

    @Describe("A backend and whether it is usable now")
    public record BackendInfo(String name, boolean available) {
    }

    @Describe("Filters applied to the command list")
    public record Filters(@Nullable String command, @Nullable String category, boolean compact) {
    }

    @Describe("Every command with parameters, output type, error codes and examples; the error table; backends")
    public record Capabilities(String contractVersion, List<CommandInfo> commands, List<ErrorCodeInfo> errorCodes,
                               List<GlobalOptionInfo> globalOptions,
                               @Describe("NTM robot-mode flags accepted in place of the commands") List<RobotAliasInfo> robotAliases,
                               List<BackendInfo> backends, Filters filters) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("capabilities", Category.META)
            .summary("Describe every command (parameters, output schema, errors, examples) and the error table")
            .param(ParamSpec.option("command", ParamType.STRING, "Only this command (name or alias)"))
            .param(ParamSpec.option("category", ParamType.ENUM, "Only commands of this category")
                    .choices(Arrays.stream(Category.values()).map(Category::wireName).toArray(String[]::new)))
            .param(ParamSpec.flag("compact", "Names, summaries and parameter names only"))
            .output(new OutputType("capabilities", Capabilities.class, "What this uictl can do"))
            .example("capabilities --compact", "A short list of all commands")
            .example("capabilities --command version", "One command in full")
            .example("capabilities --category meta --format toon", "Discovery commands as TOON")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        CommandRegistry registry = ctx.service(CommandRegistry.class);
        String only = args.stringOr("command", null);
        String category = args.stringOr("category", null);
        boolean compact = args.flag("compact");
        List<CommandSpec> specs = registry.specs();
        if (only != null) {
            CommandSpec match = registry.find(only).map(Command::spec).orElseThrow(() ->
                    UictlException.of(ErrorCode.INVALID_ARGS, "unknown command '" + only + "'")
                            .withHint("Run `uictl capabilities --compact` to list command names."));
            specs = List.of(match);
        }
        if (category != null) {
            specs = specs.stream().filter(s -> s.category().wireName().equals(category)).toList();
        }
        List<CommandInfo> commands = specs.stream().map(s -> CommandCatalog.describe(s, compact)).toList();
        List<BackendInfo> backends = ctx.service(ToolProbe.class).inventory(ctx.env()).stream()
                .map(t -> new BackendInfo(t.name(), t.available())).toList();
        return Result.of(new Capabilities(Envelope.CONTRACT_VERSION, commands, CommandCatalog.errorTable(registry),
                        CommandCatalog.globalOptions(), CommandCatalog.robotAliases(), backends,
                        new Filters(only, category, compact)),
                AgentHints.summary(commands.size() + " commands"));
    }
}
