package dev.uictl.engine.desktop.element;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/** A satisfied element wait: what was awaited, how long it took, and the element as last read. */
public record ElementWaitResult(
        @JsonProperty("wait") @Describe("element or element_gone") String waitedFor,
        String target,
        @Describe("exists, enabled, visible, checked or value=V") String predicate,
        long elapsedMs,
        @Describe("the element when the wait was satisfied (absent for element_gone)") @Nullable PostState element) {
}
