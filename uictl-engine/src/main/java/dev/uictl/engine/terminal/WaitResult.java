package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("A satisfied wait condition and the screen that satisfied it")
public record WaitResult(
        String sessionId,
        @Describe("The condition, e.g. text \"ready\"") String condition,
        long waitedMs,
        ScreenView screen,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit) implements TextView {
    @Override
    public String toText() {
        return sessionId + " " + condition + " after " + waitedMs + " ms" + (exit != null ? " (" + exit + ")" : "")
                + "\n" + screen.toText();
    }
}
