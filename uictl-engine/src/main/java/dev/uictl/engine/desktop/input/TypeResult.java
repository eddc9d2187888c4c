package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.element.ElementActionResult;
import java.util.List;

@Describe("Text typed into the focused window")
public record TypeResult(String text,
                         @Describe("characters (code points) typed") int chars,
                         @Describe("distinct keysyms the layout lacked, typed through spare keycodes") List<String> remapped,
                         @Describe("pause between characters") long delayMs,
                         @Describe("delivered_unverified: the X server processed the events") String delivery,
                         @Nullable @Describe("the element typed into, when a target was given: steps, mechanism, "
                                 + "post_state; delivery is its delivery") ElementActionResult element) {
}
