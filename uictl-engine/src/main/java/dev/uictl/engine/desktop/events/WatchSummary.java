package dev.uictl.engine.desktop.events;

import dev.uictl.core.schema.Describe;
import java.util.Map;

@Describe("How a watch ended: the events streamed before it, why it stopped")
public record WatchSummary(
        @Describe("events written as lines before this envelope") int events,
        @Describe("duration (--duration ran out), count (--count reached) or cancelled") String ended,
        long elapsedMs,
        @Describe("events the daemon dropped because they came faster than they could be written") long dropped,
        @Describe("events per category") Map<String, Integer> byCategory) {
}
