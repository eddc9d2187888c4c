package dev.uictl.engine.desktop.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.uictl.core.schema.Describe;

@Describe("The accessibility tree went quiet: no event for the quiet period")
public record IdleResult(
        @JsonProperty("wait") @Describe("idle") String waitedFor,
        @Describe("the quiet period that was observed, ms") long quietMs,
        @Describe("time from the call to the end of the quiet period, ms") long elapsedMs,
        @Describe("events seen before the desktop went quiet") int events) {
}
