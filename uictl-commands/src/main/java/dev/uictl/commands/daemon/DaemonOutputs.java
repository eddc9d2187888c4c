package dev.uictl.commands.daemon;

import dev.uictl.core.registry.OutputType;

/** The output type shared by the daemon management commands. */
final class DaemonOutputs {
    static final OutputType STATUS = new OutputType("daemon-status", DaemonStatus.class,
            "State of the daemon for this user and display");

    private DaemonOutputs() {
    }
}
