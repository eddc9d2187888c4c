package dev.uictl.engine.desktop.element;

/** How a step of an action chain reaches the application. */
public enum Mechanism {
    /** Through the accessibility API (Action, EditableText, Value, Selection, Component). */
    SEMANTIC,
    /** Synthetic pointer or keyboard input at a verified visible point. */
    PHYSICAL;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
