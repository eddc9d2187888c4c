package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.element.ElementActionResult;

@Describe("A window action and whether its effect was observed")
public record WindowAction(
        @Describe("focus, close, move, resize, minimize, maximize or restore") String action,
        String selector, String refId, String windowId, String title,
        @Describe("the effect was observed through X properties or geometry") boolean verified,
        @Describe("delivered_verified or delivered_unverified") String delivery,
        @Describe("the window after the action (before it, for close)") Window window,
        @Describe("resize: the size asked for") @Nullable WindowSize requested,
        @Describe("resize: the size the client accepts (its WM_NORMAL_HINTS minimum, maximum and increments), "
                + "which verification checks") @Nullable WindowSize expected,
        @Describe("why the result differs from the request, e.g. size snapped to character cells") @Nullable String note,
        @Nullable @Describe("focus of an element (@e3, role=textfield name=Name): the element action, its steps "
                + "and post_state; window is the element's window") ElementActionResult element) {
}
