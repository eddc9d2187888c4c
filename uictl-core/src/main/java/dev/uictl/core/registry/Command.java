package dev.uictl.core.registry;

/**
 * One command: validates its arguments, calls a domain service and returns a result record. Commands know
 * nothing of picocli, JSON or sockets.
 */
public interface Command {
    CommandSpec spec();

    Result run(Args args, CommandContext context);
}
