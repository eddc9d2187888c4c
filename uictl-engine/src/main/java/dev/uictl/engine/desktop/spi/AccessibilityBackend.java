package dev.uictl.engine.desktop.spi;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.element.Located;
import dev.uictl.engine.desktop.model.Window;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The accessibility port as the element commands see it: the caller's accessibility tree, and the resolution of an
 * element target (a ref or an element query; see the read side) to a live element. Defaults to
 * {@code PLATFORM_NOT_SUPPORTED}.
 */
public interface AccessibilityBackend extends AutoCloseable {
    /**
     * {@code details.kind} of the {@code APP_UNRESPONSIVE} that {@link #locate} throws when a query matched nothing
     * among the applications that answered while some did not: the element may yet appear in one that answers, so
     * a wait goes on, and only its end reports the silence.
     */
    String UNANSWERED_SEARCH = "unanswered_search";

    static boolean isUnansweredSearch(UictlException e) {
        return e.code() == ErrorCode.APP_UNRESPONSIVE && UNANSWERED_SEARCH.equals(e.details().get("kind"));
    }

    /** The accessibility tree of the caller's desktop (its bus). */
    default AccessibilityTree tree(CallContext ctx) {
        throw Unsupported.of("accessibility", "accessibility trees");
    }

    /**
     * The one live element {@code target} names now. Empty when a query matches nothing yet (the caller may wait);
     * a ref that cannot be re-identified throws {@code STALE_REF}, several matches {@code SELECTOR_AMBIGUOUS}, a
     * query that matched nothing while some application did not answer {@link #UNANSWERED_SEARCH}. The
     * result carries the element's earlier extents when the backend saw them before (a snapshot, a walk).
     */
    default Optional<Located> locate(CallContext ctx, String target) {
        throw Unsupported.of("accessibility", "resolving element targets");
    }

    /**
     * The ids of the given windows whose application shows them in its accessibility tree (matched by pid, title
     * and geometry); empty when that cannot be told (no accessibility bus).
     */
    default Optional<Set<String>> accessibleWindows(CallContext ctx, List<Window> windows) {
        return Optional.empty();
    }

    @Override
    default void close() {
    }
}
