package dev.uictl.core.registry;

import java.util.List;

/**
 * Options every command accepts (SPEC §2.3); listed once for the parser, help, capabilities and completion. After
 * its command words, a command's own option of the same spelling takes precedence ({@code screenshot --format png},
 * {@code term wait --text T}); before them the spelling is always global.
 */
public record GlobalOption(String name, boolean takesValue, List<String> choices, String description) {
    public static final List<GlobalOption> ALL = List.of(
            new GlobalOption("--format", true, List.of("json", "text", "toon", "md"),
                    "Output format (default json); env UICTL_FORMAT. Before the command when it has its own --format"),
            new GlobalOption("--json", false, List.of(), "Shorthand for --format json"),
            new GlobalOption("--text", false, List.of(),
                    "Shorthand for --format text. Before the command when it has its own --text"),
            new GlobalOption("--pretty", false, List.of(), "Indent JSON output"),
            new GlobalOption("--terse", false, List.of(),
                    "Drop _agent_hints and optional detail (terminal results: what equals the base screen)"),
            new GlobalOption("--session", true, List.of(), "Namespace for refs and snapshots; env UICTL_SESSION"),
            new GlobalOption("--verbose", false, List.of(), "More detail in results, diagnostics on stderr"),
            new GlobalOption("--no-daemon", false, List.of(),
                    "Run in this process instead of the daemon; env UICTL_NO_DAEMON=1"));
}
