package dev.uictl.engine.terminal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.uictl.core.json.Json;
import dev.uictl.core.render.TerseView;
import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * A satisfied wait. {@code base} is the {@code --since} screen or the screen when the wait began: the base of
 * {@code --diff} and {@code --terse}; it is not written out.
 */
@Describe("A satisfied wait condition and the screen that satisfied it; with --terse the echo of the condition is "
        + "left out")
public record WaitResult(
        String sessionId,
        @Nullable @Describe("The condition, e.g. text \"ready\"; omitted by --terse") String condition,
        long waitedMs,
        @Nullable @Describe("The screen that satisfied the condition; omitted with --diff (see diff)") ScreenView screen,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit,
        @Nullable @Describe("With --diff: what changed since the --since screen (or the screen when the wait began), "
                + "in place of screen") ScreenDiff diff,
        @JsonIgnore ScreenView base) implements TextView, TerseView {

    public WaitResult(String sessionId, String condition, long waitedMs, ScreenView screen, ExitInfo exit) {
        this(sessionId, condition, waitedMs, screen, exit, null, null);
    }

    WaitResult from(ScreenView baseScreen) {
        return new WaitResult(sessionId, condition, waitedMs, screen, exit, diff, baseScreen);
    }

    /** The screen as the rows that changed since the base ({@code --diff}). */
    public WaitResult asDiff() {
        if (screen == null || base == null) {
            return this;
        }
        return new WaitResult(sessionId, condition, waitedMs, null, exit, ScreenDiff.between(base, screen), base);
    }

    @Override
    public Object terse() {
        ObjectNode n = (ObjectNode) Json.tree(this);
        n.remove("condition");
        if (screen != null) {
            n.set("screen", TerseScreens.screen(screen, base));
        }
        return n;
    }

    @Override
    public String toText() {
        return sessionId + " " + condition + " after " + waitedMs + " ms" + (exit != null ? " (" + exit + ")" : "")
                + "\n" + (screen != null ? screen.toText() : DiffText.of(diff));
    }
}
