package dev.uictl.core.registry;

/** Groups commands in help, capabilities and docs. */
public enum Category {
    META("Discovery and contract", ToolGroup.META),
    DAEMON("Daemon and integration surfaces", ToolGroup.META),
    DESKTOP("Desktop environment", ToolGroup.DESKTOP),
    WINDOWS("Windows", ToolGroup.DESKTOP),
    INPUT("Mouse and keyboard", ToolGroup.INPUT),
    OBSERVE("Observation", ToolGroup.A11Y),
    ELEMENTS("Element actions", ToolGroup.A11Y),
    WAIT("Waiting", ToolGroup.A11Y),
    TERMINAL("Terminal sessions", ToolGroup.TERM),
    SCRIPTED("Scripted terminal runs: exec, scenarios, driver, replay", ToolGroup.RUNS),
    TMUX("tmux panes", ToolGroup.TMUX);

    private final String title;
    private final ToolGroup toolGroup;

    Category(String title, ToolGroup toolGroup) {
        this.title = title;
        this.toolGroup = toolGroup;
    }

    /** The tool group of its commands unless a command's spec names another. */
    public ToolGroup toolGroup() {
        return toolGroup;
    }

    public String title() {
        return title;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
