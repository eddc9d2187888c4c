package dev.uictl.atspi.walk;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.iface.CacheItem;
import java.util.List;

/**
 * What one accessible says about itself, as {@code Cache.GetItems} reports it (or the same fields read one by one):
 * identity, parent and index, child count, interfaces (full D-Bus names), name, role number, description, states.
 */
public record NodeInfo(AccessibleId id, AccessibleId parent, int indexInParent, int childCount,
                       List<String> interfaces, String name, int role, String description, States states) {

    public static NodeInfo of(CacheItem c) {
        return new NodeInfo(AccessibleId.of(c.self), AccessibleId.of(c.parent), c.indexInParent, c.childCount,
                List.copyOf(c.interfaces), c.name == null ? "" : c.name, c.role.intValue(),
                c.description == null ? "" : c.description, States.of(c.states));
    }

    public boolean implementsInterface(String dbusName) {
        return interfaces.contains(dbusName);
    }

    public String roleName() {
        return Roles.name(role);
    }
}
