package dev.uictl.core.registry;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What an agent host loads together: `uictl mcp --tools GROUP,...` lists these, where the categories of help and the
 * docs sort commands for a reader. A group is what a host needs for one kind of work (a desktop without
 * accessibility, terminal programs, tmux panes), so it follows the backend a command needs more than its verb: the
 * waits and observations of the accessibility tree are a11y, while waiting for a window or taking a screenshot is
 * desktop. Each {@link Category} names its usual group; a command whose group differs says so in its spec.
 */
public enum ToolGroup {
    DESKTOP("X11 windows, applications, screenshots, clipboard, private desktops"),
    A11Y("The accessibility tree: snapshots, element queries, element actions and their waits"),
    INPUT("Synthetic mouse and keyboard input at coordinates or into the focused window"),
    TERM("Terminal programs under a pseudo-terminal owned by the daemon"),
    TMUX("tmux panes: status, send, tail, wait, interrupt"),
    RUNS("Programs run to completion, scenarios, replays and their reports"),
    META("Discovery, contract, daemon and batch");

    private final String description;

    ToolGroup(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ToolGroup> ofWire(String name) {
        return Arrays.stream(values()).filter(g -> g.wireName().equals(name)).findFirst();
    }
}
