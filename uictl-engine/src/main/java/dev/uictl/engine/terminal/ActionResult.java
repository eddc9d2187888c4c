package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

/** What an input action did and the screen once the program settled. */
@Describe("An input action (keys, type, resize) echoed back with the settled screen")
public record ActionResult(
        String sessionId,
        @Describe("keys | type | paste | resize") String action,
        @Describe("What was sent: the key names, the text, or the new size") List<String> sent,
        @Describe("Bytes written to the program") int bytes,
        @Describe("False when output was still changing at --settle-max") boolean settled,
        @Describe("Milliseconds from sending to the settled screen") long waitedMs,
        ScreenView screen,
        @Describe("Events that happened meanwhile (title, bell, unsupported, exit…)") List<SessionEvent> events,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit,
        @Nullable @Describe("Input actions: whether the screen changed and, if not, why") InputEffect input,
        @Nullable @Describe("With --wait-text/--wait-regex: the condition met in output newer than the input "
                + "(screen is then the screen that met it)") String waitedFor) implements TextView {
    /** This result once a follow-up wait was met: its screen, and the time from sending to the match. */
    ActionResult afterWait(String condition, long totalMs, ScreenView matched, ExitInfo exitNow) {
        return new ActionResult(sessionId, action, sent, bytes, settled, totalMs, matched, events, exitNow, input,
                condition);
    }

    @Override
    public String toText() {
        return sessionId + " " + action + " " + String.join(" ", sent) + " (" + bytes + " bytes) "
                + (waitedFor != null ? waitedFor + " seen" : settled ? "settled" : "still changing") + " after "
                + waitedMs + " ms" + (input != null && input.warning() != null ? " — " + input.warning() : "")
                + (exit != null ? ", program ended: " + exit : "") + "\n" + screen.toText();
    }
}
