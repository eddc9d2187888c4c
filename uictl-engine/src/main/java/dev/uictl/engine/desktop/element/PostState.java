package dev.uictl.engine.desktop.element;

import dev.uictl.core.schema.Nullable;
import java.util.List;

/** The element as read back after the action: what the verification looked at. */
public record PostState(String role, @Nullable String name, List<String> states, @Nullable String value) {
    static PostState of(ElementState s) {
        return new PostState(s.role(), s.name(), List.copyOf(s.states()), s.valueText());
    }
}
