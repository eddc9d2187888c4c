package dev.uictl.engine.desktop.events;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("One accessibility event, as one line of `watch`")
public record WatchEvent(
        @Describe("window, focus, tree, state, property or text") String category,
        @Describe("the AT-SPI event, e.g. object:state-changed; X window changes are x:opened, x:closed, "
                + "x:activated, x:retitled") String kind,
        @Describe("its detail, e.g. the state (checked) or the property (accessible-name)") @Nullable String detail,
        @Describe("1 when a state was set, 0 when cleared; the child index for tree events") int value,
        @Describe("role of the element, when it could still be read") @Nullable String role,
        @Describe("name of the element, when it could still be read") @Nullable String name,
        @Describe("the element: application bus name and object path (not a ref); for x: events the window id "
                + "(id=winN)") String source,
        @Describe("milliseconds since the watch started") long atMs) {
}
