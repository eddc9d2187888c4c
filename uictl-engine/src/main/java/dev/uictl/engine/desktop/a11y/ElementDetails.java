package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.iface.Action;
import dev.uictl.atspi.iface.Text;
import dev.uictl.atspi.iface.Value;
import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.NodeReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Values and action names of chosen elements, read pipelined: a slider's or spin button's current value, a text
 * field's text (never a password's), and Action names. Elements that vanish meanwhile just lack them.
 */
final class ElementDetails {
    record Detail(String value, List<String> actions) {
    }

    /** Roles whose Text content is their value: fields, and static text whose name may be a fixed label. */
    private static final java.util.Set<String> TEXT_ROLES = java.util.Set.of("textfield", "text", "label",
            "paragraph", "heading");

    private ElementDetails() {
    }

    /** Whether {@link #read} has anything to read for this element. */
    static boolean hasDetails(NodeInfo n) {
        return n.implementsInterface(Action.NAME) || (n.role() != 40 && (n.implementsInterface(Value.NAME)
                || n.implementsInterface(Text.NAME) && TEXT_ROLES.contains(ElementRoles.canonical(n))));
    }

    static Map<AccessibleId, Detail> read(AtspiConnection bus, List<NodeInfo> nodes, Budget budget) {
        Map<AccessibleId, CompletableFuture<Object>> values = new HashMap<>();
        Map<AccessibleId, CompletableFuture<List<String>>> actions = new HashMap<>();
        NodeReader reader = new NodeReader(bus);
        for (NodeInfo n : nodes) {
            CompletableFuture<Object> v = startValue(bus, n);
            if (v != null) {
                values.put(n.id(), v);
            }
            if (n.implementsInterface(Action.NAME)) {
                actions.put(n.id(), reader.actionNames(n.id()));
            }
        }
        Map<AccessibleId, Detail> out = new HashMap<>();
        for (NodeInfo n : nodes) {
            String value = null;
            List<String> names = null;
            try {
                if (values.containsKey(n.id())) {
                    value = format(AtspiConnection.await(values.get(n.id()), budget, n.id().bus(), "value"));
                }
                if (actions.containsKey(n.id())) {
                    names = AtspiConnection.await(actions.get(n.id()), budget, n.id().bus(), "GetActions");
                }
            } catch (AtspiException.ObjectGone | AtspiException.CallFailed gone) {
                // the element went away or does not answer this; leave it without details
            }
            out.put(n.id(), new Detail(value, names == null || names.isEmpty() ? null : names));
        }
        return out;
    }

    /** The value read for one element, or null when it has none worth showing. */
    static CompletableFuture<Object> startValue(AtspiConnection bus, NodeInfo n) {
        if (n.role() == 40) {
            return null; // password text: never read back
        }
        if (n.implementsInterface(Value.NAME)) {
            return bus.property(n.id(), Value.NAME, "CurrentValue");
        }
        if (n.implementsInterface(Text.NAME) && TEXT_ROLES.contains(ElementRoles.canonical(n))) {
            return bus.call(n.id(), Text.class, "GetText", 0, -1);
        }
        return null;
    }

    static String format(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Double d) {
            return d == Math.rint(d) && !d.isInfinite() ? Long.toString(d.longValue()) : d.toString();
        }
        return v.toString();
    }
}
