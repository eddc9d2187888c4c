package dev.uictl.engine.desktop.events;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/** One line of `watch`: the start once subscribed, an event as it arrives, or the summary that ends the stream. */
@Describe("One line of watch: started (the first line, once subscribed), an event (every line between) or the "
        + "summary (the last line)")
public record WatchLine(@Nullable WatchStart started, @Nullable WatchEvent event, @Nullable WatchSummary summary) {
    public static WatchLine of(WatchStart s) {
        return new WatchLine(s, null, null);
    }

    public static WatchLine of(WatchEvent e) {
        return new WatchLine(null, e, null);
    }

    public static WatchLine of(WatchSummary s) {
        return new WatchLine(null, null, s);
    }
}
