package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("Keys pressed, released or held")
public record KeyResult(@Describe("press, hotkey, key-down or key-up") String action,
                        @Describe("the combo as given") String combo,
                        List<KeyInfo> keys,
                        @Describe("keys this daemon holds down after the action (released on key-up or disconnect)")
                        List<String> held,
                        @Describe("delivered_unverified: the X server processed the events") String delivery) {
}
