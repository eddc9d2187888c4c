package dev.uictl.app.cli;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;

/**
 * A command line after parsing: either a command with its arguments, or a request for help on a command path
 * (a group word such as "daemon" alone, {@code --help}, or nothing at all).
 */
public sealed interface ParsedLine {
    record Invoke(Command command, Args args) implements ParsedLine {
    }

    record Help(String path) implements ParsedLine {
    }
}
