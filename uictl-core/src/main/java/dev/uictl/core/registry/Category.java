package dev.uictl.core.registry;

/** Groups commands in help, capabilities and docs. */
public enum Category {
    META("Discovery and contract"),
    DAEMON("Daemon and integration surfaces"),
    DESKTOP("Desktop environment"),
    WINDOWS("Windows"),
    INPUT("Mouse and keyboard"),
    OBSERVE("Observation"),
    ELEMENTS("Element actions"),
    WAIT("Waiting"),
    TERMINAL("Terminal sessions"),
    SCRIPTED("Scripted terminal runs: exec, scenarios, driver, replay"),
    TMUX("tmux panes");

    private final String title;

    Category(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
