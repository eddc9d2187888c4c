package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Deadline;
import java.util.Optional;

/**
 * Finds the live element a target names (a ref or an element query, resolved by the read side). Empty means "not
 * there yet" and is retried until the deadline; a ref whose element is gone throws {@code STALE_REF}, a query
 * matching several elements {@code SELECTOR_AMBIGUOUS}; those end the wait at once.
 */
@FunctionalInterface
public interface ElementLocator {
    Optional<Located> locate(Deadline deadline);
}
