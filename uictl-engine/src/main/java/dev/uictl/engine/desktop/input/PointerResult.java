package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.element.ElementActionResult;
import java.util.List;

@Describe("A mouse action: where, which button, how often")
public record PointerResult(
        @Describe("click, dblclick, move, down, up, scroll or drag") String action,
        @Describe("pointer position after the action, root coordinates; for an element, its centre, where the "
                + "click was aimed (a semantic click leaves the pointer where it was)") int x, int y,
        @Nullable @Describe("left, middle, right, wheel-up, …") String button,
        @Nullable @Describe("X button number") Integer buttonNumber,
        @Nullable Integer count,
        @Describe("modifier keys held during the action") List<String> modifiers,
        @Nullable @Describe("drag start") Point from,
        @Nullable @Describe("drag end") Point to,
        @Nullable @Describe("scroll steps, sign gives the direction") Integer amount,
        @Nullable @Describe("vertical or horizontal") String axis,
        @Nullable @Describe("the window clicked, when a selector was given") InputTarget window,
        @Describe("buttons this daemon holds down after the action") List<String> heldButtons,
        @Describe("delivered_unverified: the X server processed the events") String delivery,
        @Nullable @Describe("the element action, when the target was an element ref or query (@e3, role=button "
                + "name=Save): steps, mechanism, post_state; delivery is its delivery")
        ElementActionResult element) {
}
