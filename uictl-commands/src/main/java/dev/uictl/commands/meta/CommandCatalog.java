package dev.uictl.commands.meta;

import dev.uictl.commands.mcp.ToolCatalog;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.RobotAlias;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ToolAnnotations;
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
                              @Nullable Boolean runsInClient,
                              @Describe("what a call does to the world (the MCP tool annotations)")
                              @Nullable ToolAnnotations annotations,
                              @Describe("true when the command takes over the terminal; serve, batch and MCP refuse it")
                              @Nullable Boolean interactive,
                              @Describe("true when the command must be its own invocation; serve, batch and MCP refuse it")
                              @Nullable Boolean standalone,
                              @Describe("its tool name in `uictl mcp` (an interactive or standalone command's tool "
                                      + "answers INVALID_ARGS not_nestable: docs/mcp.md says why)")
                              @Nullable String mcpTool,
                              @Describe("its tool group: `uictl mcp --tools GROUP` lists it")
                              @Nullable String mcpToolGroup) {
    }

    @Describe("An error code, its exit code and default hint")
    public record ErrorCodeInfo(String code, int exitCode, String hint) {
    }

    @Describe("A global option")
    public record GlobalOptionInfo(String name, boolean takesValue, @Nullable List<String> choices,
                                   String description) {
    }

    @Describe("An NTM robot-mode flag and the uictl command line it is rewritten to before parsing")
    public record RobotAliasInfo(String flag, @Describe("none, optional or required") String value,
                                 @Describe("The words it becomes; the value, if any, follows them") String becomes,
                                 @Describe("True for output modifiers (global options)") boolean modifier,
                                 @Nullable List<String> choices, String description) {
    }

    public static List<RobotAliasInfo> robotAliases() {
        return RobotAlias.ALL.stream().map(a -> new RobotAliasInfo(a.flag(), a.value().name().toLowerCase(
                java.util.Locale.ROOT), String.join(" ", a.replacement()), a.modifier(),
                a.choices().isEmpty() ? null : a.choices(), a.description())).toList();
    }

    public static CommandInfo describe(CommandSpec s, boolean compact) {
        List<ParamInfo> params = s.params().stream().map(p -> param(p, compact)).toList();
        if (compact) {
            return new CommandInfo(s.name(), null, s.category().wireName(), s.summary(), null, params, null, null,
                    null, null, null, null, null, null, null, null, null);
        }
        return new CommandInfo(s.name(), s.aliases().isEmpty() ? null : s.aliases(), s.category().wireName(),
                s.summary(), HelpText.synopsis(s), params, s.output().name(),
                s.sortedErrors().stream().map(Enum::name).toList(), s.examples(), s.streaming(), s.readsStdin(),
                s.runsInClient(), s.annotations(), s.interactive(), s.standalone(),
                ToolCatalog.toolName(s.name()), s.toolGroup().wireName());
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
