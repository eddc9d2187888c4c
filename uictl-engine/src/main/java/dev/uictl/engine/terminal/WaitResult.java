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
        @Describe("Whether the screen settled after the match (output quiet while the program waits for input) "
                + "within the timeout; --idle is met only so") boolean settled,
        @Nullable @Describe(SettlePolicy.UNSETTLED_DOC) String unsettled,
        @Nullable @Describe("The screen once it settled after the condition was met (or at the timeout); omitted "
                + "with --diff (see diff)") ScreenView screen,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit,
        @Nullable @Describe("With --diff: what changed since the --since screen (or the screen when the wait began), "
                + "in place of screen") ScreenDiff diff,
        @JsonIgnore ScreenView base) implements TextView, TerseView {

    /** A met condition; {@code unsettled} is null when the screen settled after it. */
    public WaitResult(String sessionId, String condition, long waitedMs, String unsettled, ScreenView screen,
                      ExitInfo exit) {
        this(sessionId, condition, waitedMs, unsettled == null, unsettled, screen, exit, null, null);
    }

    WaitResult from(ScreenView baseScreen) {
        return new WaitResult(sessionId, condition, waitedMs, settled, unsettled, screen, exit, diff, baseScreen);
    }

    /** The screen as the rows that changed since the base ({@code --diff}). */
    public WaitResult asDiff() {
        if (screen == null || base == null) {
            return this;
        }
        return new WaitResult(sessionId, condition, waitedMs, settled, unsettled, null, exit,
                ScreenDiff.between(base, screen), base);
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
        return sessionId + " " + condition + " after " + waitedMs + " ms" + (settled ? "" : ", not settled: " + unsettled)
                + (exit != null ? " (" + exit + ")" : "")
                + "\n" + (screen != null ? screen.toText() : DiffText.of(diff));
    }
}
