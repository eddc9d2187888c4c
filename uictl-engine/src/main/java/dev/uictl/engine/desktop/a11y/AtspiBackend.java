package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import java.util.Map;
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

    /**
     * A query that matches nothing may match later (the element or its window is still being created): empty, not
     * an error. A ref that cannot be found stays an error.
     */
    @Override
    public Optional<ElementHandle> locate(CallContext ctx, String target) {
        try {
            ResolvedElement e = resolver.resolve(ctx, target);
            return Optional.of(new ElementHandle(e.id().bus(), e.id().path()));
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
