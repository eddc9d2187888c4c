package dev.uictl.commands.meta;

import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.ParamSpec;
import java.util.List;

/** Human help generated from the registry: the same text backs --help, `uictl help` and docs/commands.md. */
public final class HelpText {
    private HelpText() {
    }

    public static String synopsis(CommandSpec spec) {
        StringBuilder sb = new StringBuilder("uictl ").append(spec.name());
        for (ParamSpec p : spec.params()) {
            String label = p.positional() ? p.label() + (p.isList() ? "..." : "")
                    : p.isFlag() ? p.label()
                    : p.valueOptional() ? p.label() + " [" + p.name().toUpperCase(java.util.Locale.ROOT) + "]"
                    : p.label() + " " + p.name().toUpperCase(java.util.Locale.ROOT);
            sb.append(' ').append(p.required() ? label : "[" + label + "]");
        }
        return sb.toString();
    }

    public static String forCommand(CommandSpec spec) {
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(synopsis(spec)).append("\n\n").append(spec.summary()).append('\n');
        if (!spec.description().isEmpty()) {
            sb.append('\n').append(spec.description()).append('\n');
        }
        if (!spec.aliases().isEmpty()) {
            sb.append("\nAliases: ").append(String.join(", ", spec.aliases())).append('\n');
        }
        if (!spec.params().isEmpty()) {
            sb.append("\nParameters:\n");
            for (ParamSpec p : spec.params()) {
                sb.append(String.format("  %-22s %s%s%s%s%n", p.label() + aliasSuffix(p), p.description(),
                        p.choices().isEmpty() ? "" : " (" + String.join("|", p.choices()) + ")",
                        p.range() == null ? "" : " [" + p.range().text() + "]",
                        p.defaultValue() == null ? "" : " [default: " + p.defaultValue() + "]"));
            }
        }
        sb.append("\nExamples:\n");
        for (Example e : spec.examples()) {
            sb.append("  uictl ").append(e.commandLine()).append("\n      ").append(e.description()).append('\n');
        }
        sb.append("\nOutput: ").append(spec.output().name()).append(" (uictl schema ").append(spec.output().name())
                .append(")\nErrors: ").append(String.join(", ", spec.sortedErrors().stream().map(Enum::name).toList()))
                .append('\n');
        return sb.toString();
    }

    private static String aliasSuffix(ParamSpec p) {
        return p.aliases().isEmpty() ? "" : ", " + String.join(", ", p.aliases());
    }

    /** Overview of all commands, or of the commands under a group word such as "daemon". */
    public static String overview(CommandRegistry registry, String group) {
        StringBuilder sb = new StringBuilder();
        if (group.isEmpty()) {
            sb.append("uictl — eyes and hands on a Linux computer for agents: X11 desktop, terminal programs, tmux.\n")
                    .append("Every command prints one JSON envelope (see `uictl protocol-help`).\n\n")
                    .append("Usage: uictl [global options] COMMAND [ARGS]\n");
        } else {
            sb.append("Usage: uictl ").append(group).append(" SUBCOMMAND [ARGS]\n");
        }
        for (Category category : Category.values()) {
            List<CommandSpec> specs = registry.specs().stream()
                    .filter(s -> s.category() == category)
                    .filter(s -> group.isEmpty() || s.name().startsWith(group + " "))
                    .toList();
            if (specs.isEmpty()) {
                continue;
            }
            sb.append('\n').append(category.title()).append(":\n");
            for (CommandSpec s : specs) {
                sb.append(String.format("  %-24s %s%n", s.name(), s.summary()));
            }
        }
        if (group.isEmpty()) {
            sb.append("\nGlobal options:\n");
            for (GlobalOption o : GlobalOption.ALL) {
                sb.append(String.format("  %-24s %s%n", o.name() + (o.takesValue() ? " VALUE" : ""), o.description()));
            }
            sb.append("\nRun `uictl COMMAND --help` for a command's parameters and examples.\n");
        }
        return sb.toString();
    }

    /** The help topic that is not a command: the window selector syntax every window command accepts. */
    static final String SELECTORS_TOPIC = "selectors";

    static String selectors() {
        return """
                Window selectors (SEL in list-windows, focus, close, move-window, click, wait window, screenshot …)

                  @w3 | ref=w3      the ref from the latest window listing of this session (renumbered each listing)
                  id=win5           the daemon-stable window id (lives as long as the daemon)
                  xid=0x3a00007     the X window id
                  pid=1234          the owning process (_NET_WM_PID, else X-Resource)
                  title=Exact       the whole title, case-insensitive
                  title~=part       a substring of the title, case-insensitive
                  title=/re/        an RE2 regular expression (at most 1000 characters) searched in the title
                  class=xterm       WM_CLASS instance or class (app= is the same)
                  focused | active  the window with the input focus

                Several terms separated by spaces must all match: `class=xterm title~=build`.
                A bare word is fuzzy: a ref or id shorthand, else a substring of the title or class.
                No match → SELECTOR_NOT_FOUND (exit 7); several → SELECTOR_AMBIGUOUS (exit 8) listing every
                candidate, never a guess; bad syntax → SELECTOR_INVALID (exit 3). details.mode names the rule used.

                Examples:
                  uictl focus title~=Terminal
                  uictl move-window 'class=xterm title=/^build/' 0 0
                  uictl wait window @w2 --gone
                """;
    }
}
