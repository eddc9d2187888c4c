package dev.uictl.core.registry;

import java.util.List;

/**
 * An NTM robot-mode flag and the uictl command line it stands for (SPEC §6). The CLI edge rewrites argv with this
 * table before parsing, so an alias runs the very same command and answers with the same envelope; capabilities
 * and the docs list the table.
 *
 * @param flag        the NTM spelling, e.g. {@code --robot-send}
 * @param value       whether it takes a value ({@code --robot-send=SESSION} or {@code --robot-send SESSION})
 * @param replacement the words it becomes; the value, if any, follows them
 * @param modifier    true for output modifiers (global options, kept in front); false for the command itself
 * @param choices     accepted values, empty when free
 */
public record RobotAlias(String flag, Value value, List<String> replacement, boolean modifier, List<String> choices,
                         String description) {
    public enum Value { NONE, OPTIONAL, REQUIRED }

    public RobotAlias {
        replacement = List.copyOf(replacement);
        choices = List.copyOf(choices);
    }

    private static RobotAlias command(String flag, Value value, String command, String description) {
        return new RobotAlias(flag, value, List.of(command.split(" ")), false, List.of(), description);
    }

    public static final List<RobotAlias> ALL = List.of(
            command("--robot-status", Value.NONE, "tmux status", "Sessions and panes of the tmux server"),
            command("--robot-snapshot", Value.NONE, "tmux status", "Same as --robot-status: every session with "
                    + "its panes (use --robot-activity=S for states)"),
            command("--robot-version", Value.NONE, "version", "Version and contract version"),
            command("--robot-capabilities", Value.NONE, "capabilities", "Every command, parameter and error code"),
            command("--robot-tools", Value.NONE, "tools", "Backends and external tools with fix hints"),
            command("--robot-send", Value.REQUIRED, "tmux send", "Send --msg=TEXT to session S (with --pane, --panes, "
                    + "--all, --no-enter as for `tmux send`)"),
            command("--robot-tail", Value.REQUIRED, "tmux tail", "Last --lines=N lines of session S"),
            command("--robot-spawn", Value.REQUIRED, "tmux spawn", "Create session S (--pane-cmd, --dir, --layout)"),
            command("--robot-wait", Value.REQUIRED, "tmux wait", "Wait on session S (--condition idle|text|exit, "
                    + "--any, --timeout)"),
            command("--robot-interrupt", Value.REQUIRED, "tmux interrupt", "Ctrl-C to panes of session S"),
            command("--robot-activity", Value.REQUIRED, "tmux activity", "Per-pane state of session S"),
            command("--robot-health", Value.OPTIONAL, "tmux health", "tmux and server health, and session S's panes"),
            command("--schema", Value.REQUIRED, "schema", "JSON Schema of output type TYPE (or all)"),
            new RobotAlias("--robot-format", Value.REQUIRED, List.of("--format"), true, List.of("json", "toon"),
                    "Output format: json or toon"),
            new RobotAlias("--robot-terse", Value.NONE, List.of("--terse"), true, List.of(),
                    "One line, without _agent_hints"),
            new RobotAlias("--robot-markdown", Value.NONE, List.of("--format", "md"), true, List.of(),
                    "Markdown tables"));
}
