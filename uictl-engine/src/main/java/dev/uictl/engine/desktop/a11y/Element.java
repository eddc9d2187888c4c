package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("One accessible element of a snapshot tree; empty fields are omitted")
public record Element(
        @Describe("ref for actions and queries (use as @e3 or @<snapshot_id>:e3); interactive elements only")
        @Nullable String refId,
        @Describe("canonical lowercase role: button, textfield, checkbox, window, label, group, …") String role,
        @Describe("accessible name") @Nullable String name,
        @Describe("current value: text of a text field, number of a slider or spin button (never for passwords)")
        @Nullable String value,
        @Describe("accessible description") @Nullable String description,
        @Describe("notable states: focused, checked, selected, expanded, collapsed, disabled, editable, readonly, "
                + "hidden (not showing) …") @Nullable List<String> states,
        @Describe("names of the element's actions (AT-SPI Action interface)") @Nullable List<String> actions,
        @Describe("screen rectangle, with --include-bounds") @Nullable Rect bounds,
        @Describe("number of children not shown (depth limit, --skeleton or a budget)") @Nullable Integer childrenCount,
        @Describe("with -i: interactive elements below this one left out because they are off screen or not showing "
                + "(rows scrolled away, items of a closed menu); scroll their container or open the menu, or reach "
                + "them with find")
        @Nullable Integer outOfView,
        @Describe("children in order") @Nullable List<Element> children) {

    @Describe("A rectangle in screen pixels")
    public record Rect(int x, int y, int width, int height) {
    }
}
