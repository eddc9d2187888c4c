package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.Located;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import dev.uictl.atspi.bus.AtspiException;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.engine.desktop.model.Window;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.WeakHashMap;

/** The accessibility port over AT-SPI: the shared bus connection of the caller and the read side's resolver. */
public final class AtspiBackend implements AccessibilityBackend {
    private final AccessibilityConnections connections;
    private final ElementResolver resolver;
    private final Map<AtspiConnection, AtspiAccessibilityTree> trees = new WeakHashMap<>();

    public AtspiBackend(AccessibilityConnections connections, ElementResolver resolver) {
        this.connections = connections;
        this.resolver = resolver;
    }

    @Override
    public synchronized AccessibilityTree tree(CallContext ctx) {
        return trees.computeIfAbsent(connections.connection(ctx), AtspiAccessibilityTree::new);
    }

    @Override
    public Optional<Set<String>> accessibleWindows(CallContext ctx, List<Window> windows) {
        try {
            AtspiConnection bus = connections.connection(ctx);
            Budget budget = Budgets.of(ctx);
            List<TopLevel> tops = TopLevels.of(bus, new Desktop(bus).applications(budget), budget);
            if (ctx.deadline().expired()) {
                // applications that did not answer in time were left out: "not accessible" could be wrong
                return Optional.empty();
            }
            Set<String> ids = new HashSet<>();
            for (Window w : windows) {
                if (TopLevels.match(w, tops).isPresent()) {
                    ids.add(w.windowId());
                }
            }
            return Optional.of(ids);
        } catch (UictlException | AtspiException e) {
            return Optional.empty();
        }
    }

    /**
     * A query that matches nothing may match later (the element or its window is still being created): empty, not
     * an error. A ref that cannot be found stays an error.
     */
    @Override
    public Optional<Located> locate(CallContext ctx, String target) {
        try {
            ResolvedElement e = resolver.resolve(ctx, target);
            return Optional.of(new Located(new ElementHandle(e.id().bus(), e.id().path()), e.earlier()));
        } catch (UictlException e) {
            boolean absent = e.code() == ErrorCode.ELEMENT_NOT_FOUND || e.code() == ErrorCode.SELECTOR_NOT_FOUND
                    || e.code() == ErrorCode.WINDOW_NOT_FOUND;
            if (absent && ElementTarget.parse(target) instanceof ElementTarget.Query) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
