package dev.uictl.commands.meta;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The registry described as data, shared by `capabilities` and `protocol-help`. */
public final class CommandCatalog {
    private CommandCatalog() {
    }

    @Describe("One command parameter")
    public record ParamInfo(String name, @Describe("option, flag or positional") String kind, String type,
                            boolean required, @Nullable String defaultValue, @Nullable List<String> choices,
                            @Nullable List<String> aliases,
                            @Describe("true when the option may be given without its value") @Nullable Boolean valueOptional,
                            @Describe("numeric parameters: the accepted values MIN..MAX, inclusive") @Nullable String range,
                            @Nullable String description) {
    }

    @Describe("One command as the registry defines it")
    public record CommandInfo(String name, @Nullable List<String> aliases, String category, String summary,
                              @Nullable String synopsis, List<ParamInfo> params, @Nullable String output,
                              @Nullable List<String> errors, @Nullable List<Example> examples,
                              @Nullable Boolean streaming, @Nullable Boolean readsStdin,
                              @Nullable Boolean runsInClient) {
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
                    null, null, null, null);
        }
        return new CommandInfo(s.name(), s.aliases().isEmpty() ? null : s.aliases(), s.category().wireName(),
                s.summary(), HelpText.synopsis(s), params, s.output().name(),
                s.sortedErrors().stream().map(Enum::name).toList(), s.examples(), s.streaming(), s.readsStdin(),
                s.runsInClient());
    }

    private static ParamInfo param(ParamSpec p, boolean compact) {
        String kind = p.positional() ? "positional" : p.isFlag() ? "flag" : "option";
        return new ParamInfo(p.name(), kind, p.type().wireName(), p.required(), p.defaultValue(),
                p.choices().isEmpty() ? null : p.choices(), p.aliases().isEmpty() ? null : p.aliases(),
                p.valueOptional() ? Boolean.TRUE : null, p.range() == null ? null : p.range().text(),
                compact ? null : p.description());
    }

    /** The codes some registered command can return (the union of their declared errors), in table order. */
    public static List<ErrorCodeInfo> errorTable(CommandRegistry registry) {
        return advertised(registry).stream()
                .map(c -> new ErrorCodeInfo(c.name(), c.exitCode(), c.defaultHint()))
                .toList();
    }

    /** Codes no command returns yet stay out of capabilities until one does. */
    public static Set<ErrorCode> advertised(CommandRegistry registry) {
        EnumSet<ErrorCode> codes = EnumSet.copyOf(CommandSpec.UNIVERSAL_ERRORS);
        registry.specs().forEach(s -> codes.addAll(s.errors()));
        return codes;
    }

    public static List<GlobalOptionInfo> globalOptions() {
        return GlobalOption.ALL.stream()
                .map(o -> new GlobalOptionInfo(o.name(), o.takesValue(), o.choices().isEmpty() ? null : o.choices(),
                        o.description()))
                .toList();
    }
}
