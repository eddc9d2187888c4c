package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import java.util.Set;

/**
 * What an application reported since a walk, as {@link TreeWalker#refresh} needs it: objects whose own fields
 * changed, objects whose children changed, objects that moved or were resized (with everything inside them), and
 * whether anything may have moved anywhere (a view scrolled, rows came or went, a row opened).
 */
public record Changes(Set<AccessibleId> fields, Set<AccessibleId> children, Set<AccessibleId> moved,
                      boolean movedAnywhere) {
    public Changes {
        fields = Set.copyOf(fields);
        children = Set.copyOf(children);
        moved = Set.copyOf(moved);
    }
}
