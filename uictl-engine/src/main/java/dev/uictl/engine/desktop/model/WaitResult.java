package dev.uictl.engine.desktop.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("A satisfied wait")
public record WaitResult(@JsonProperty("wait") @Describe("window, window_gone or focus") String waitedFor, String selector, long elapsedMs,
                         @Describe("the matching window (for window_gone: the last one seen, if any)") @Nullable Window window) {
}
