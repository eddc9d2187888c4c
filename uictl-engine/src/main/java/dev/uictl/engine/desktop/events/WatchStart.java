package dev.uictl.engine.desktop.events;

import dev.uictl.core.schema.Describe;
import java.util.List;

/** The first line of `watch`: written once the subscriptions are in place, so a caller knows when to act. */
@Describe("The watch is subscribed: every event from now on is streamed (act after reading this line)")
public record WatchStart(
        @Describe("the categories watched") List<String> categories,
        @Describe("the watch ends after this many ms") long durationMs,
        @Describe("or after this many events") int count) {
}
