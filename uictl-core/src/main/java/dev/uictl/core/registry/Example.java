package dev.uictl.core.registry;

/** A runnable example shown in --help, capabilities and the docs. {@code commandLine} starts after `uictl`. */
public record Example(String commandLine, String description) {
}
