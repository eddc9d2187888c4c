package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("Text typed into the focused window")
public record TypeResult(String text,
                         @Describe("characters (code points) typed") int chars,
                         @Describe("distinct keysyms the layout lacked, typed through spare keycodes") List<String> remapped,
                         @Describe("pause between characters") long delayMs,
                         @Describe("delivered_unverified: the X server processed the events") String delivery) {
}
