package dev.uictl.commands.meta;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.Arrays;
import java.util.List;

/** The registry described as data, shared by `capabilities` and `protocol-help`. */
public final class CommandCatalog {
    private CommandCatalog() {
    }

    @Describe("One command parameter")
    public record ParamInfo(String name, @Describe("option, flag or positional") String kind, String type,
                            boolean required, @Nullable String defaultValue, @Nullable List<String> choices,
                            @Nullable List<String> aliases,
                            @Describe("true when the option may be given without its value") @Nullable Boolean valueOptional,
                            @Nullable String description) {
    }

    @Describe("One command as the registry defines it")
    public record CommandInfo(String name, @Nullable List<String> aliases, String category, String summary,
                              @Nullable String synopsis, List<ParamInfo> params, @Nullable String output,
                              @Nullable List<String> errors, @Nullable List<Example> examples,
                              @Nullable Boolean streaming, @Nullable Boolean readsStdin,
                              @Nullable Boolean runsInClient,
                              @Describe("what a call does to the world (the MCP tool annotations)")
                              @Nullable ToolAnnotations annotations,
                              @Describe("true when it owns its caller's input and output: not a serve/batch/MCP call")
                              @Nullable Boolean interactive) {
    }

    @Describe("An error code, its exit code and default hint")
    public record ErrorCodeInfo(String code, int exitCode, String hint) {
    }

    @Describe("A global option")
    public record GlobalOptionInfo(String name, boolean takesValue, @Nullable List<String> choices,
                                   String description) {
    }

    public static CommandInfo describe(CommandSpec s, boolean compact) {
        List<ParamInfo> params = s.params().stream().map(p -> param(p, compact)).toList();
        if (compact) {
            return new CommandInfo(s.name(), null, s.category().wireName(), s.summary(), null, params, null, null,
                    null, null, null, null, null, null);
        }
        return new CommandInfo(s.name(), s.aliases().isEmpty() ? null : s.aliases(), s.category().wireName(),
                s.summary(), HelpText.synopsis(s), params, s.output().name(),
                s.sortedErrors().stream().map(Enum::name).toList(), s.examples(), s.streaming(), s.readsStdin(),
                s.runsInClient(), s.annotations(), s.interactive() ? Boolean.TRUE : null);
    }

    private static ParamInfo param(ParamSpec p, boolean compact) {
        String kind = p.positional() ? "positional" : p.isFlag() ? "flag" : "option";
        return new ParamInfo(p.name(), kind, p.type().wireName(), p.required(), p.defaultValue(),
                p.choices().isEmpty() ? null : p.choices(), p.aliases().isEmpty() ? null : p.aliases(),
                p.valueOptional() ? Boolean.TRUE : null, compact ? null : p.description());
    }

    public static List<ErrorCodeInfo> errorTable() {
        return Arrays.stream(ErrorCode.values())
                .map(c -> new ErrorCodeInfo(c.name(), c.exitCode(), c.defaultHint()))
                .toList();
    }

    public static List<GlobalOptionInfo> globalOptions() {
        return GlobalOption.ALL.stream()
                .map(o -> new GlobalOptionInfo(o.name(), o.takesValue(), o.choices().isEmpty() ? null : o.choices(),
                        o.description()))
                .toList();
    }
}
