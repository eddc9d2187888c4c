package dev.uictl.engine.desktop.events;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/** One line of `watch`: an event as it arrives, or the summary that ends the stream. */
@Describe("One line of watch: an event (every line but the last) or the summary (the last line)")
public record WatchLine(@Nullable WatchEvent event, @Nullable WatchSummary summary) {
    public static WatchLine of(WatchEvent e) {
        return new WatchLine(e, null);
    }

    public static WatchLine of(WatchSummary s) {
        return new WatchLine(null, s);
    }
}
