package dev.uictl.engine.terminal;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.uictl.core.json.Json;
import dev.uictl.core.render.TerseView;
import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an input action did and the screen once the program settled. {@code before} is the screen just before the
 * input: the base of {@code --diff} and {@code --terse}; it is not written out.
 */
@Describe("An input action (keys, type, resize) echoed back with the settled screen; with --terse the echo of the "
        + "input (action, sent, bytes, waited_for), settled when true, empty events and an input report that says the "
        + "screen changed are left out")
public record ActionResult(
        String sessionId,
        @Nullable @Describe("keys | type | paste | resize; omitted by --terse") String action,
        @Nullable @Describe("What was sent: the key names, the text, or the new size; omitted by --terse")
        List<String> sent,
        @Nullable @Describe("Bytes written to the program; omitted by --terse") int bytes,
        @Nullable @Describe("True once output went quiet while the program waits for input (blocked reading its "
                + "terminal); false at --settle-max (see unsettled); omitted by --terse when true")
        boolean settled,
        @Nullable @Describe(SettlePolicy.UNSETTLED_DOC) String unsettled,
        @Describe("Milliseconds from sending to the settled screen") long waitedMs,
        @Nullable @Describe("The settled screen; omitted with --diff (see diff)") ScreenView screen,
        @Nullable @Describe("Events that happened meanwhile (title, bell, unsupported, exit…); omitted by --terse "
                + "when empty") List<SessionEvent> events,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit,
        @Nullable @Describe("Input actions: whether the screen changed and, if not, why; omitted by --terse when it "
                + "changed") InputEffect input,
        @Nullable @Describe("With --wait-text/--wait-regex: the condition met in output newer than the input "
                + "(screen is then the screen once it settled after the match); omitted by --terse") String waitedFor,
        @Nullable @Describe("With --diff: what changed since the screen before the input, in place of screen")
        ScreenDiff diff,
        @JsonIgnore ScreenView before) implements TextView, TerseView {

    /**
     * This result once a follow-up wait was met: the screen as it settled after the match, and the time from sending
     * to then.
     */
    ActionResult afterWait(String condition, long totalMs, WaitResult waited) {
        return new ActionResult(sessionId, action, sent, bytes, waited.settled(), waited.unsettled(), totalMs,
                waited.screen(), events, waited.exit(), input, condition, null, before);
    }

    /** The screen as the rows that changed since the screen before the input ({@code --diff}). */
    public ActionResult asDiff() {
        if (screen == null || before == null) {
            return this;
        }
        return new ActionResult(sessionId, action, sent, bytes, settled, unsettled, waitedMs, null, events, exit, input,
                waitedFor, ScreenDiff.between(before, screen), before);
    }

    @Override
    public Object terse() {
        ObjectNode n = (ObjectNode) Json.tree(this);
        n.remove(List.of("action", "sent", "bytes", "waited_for"));
        if (settled) {
            n.remove("settled");
        }
        if (events.isEmpty()) {
            n.remove("events");
        }
        if (input != null && input.warning() == null) {
            n.remove("input");
        }
        if (screen != null) {
            n.set("screen", TerseScreens.screen(screen, before));
        }
        return n;
    }

    @Override
    public String toText() {
        return sessionId + " " + action + " " + String.join(" ", sent) + " (" + bytes + " bytes) "
                + (waitedFor != null ? waitedFor + " seen, " : "") + (settled ? "settled" : "not settled: " + unsettled)
                + " after "
                + waitedMs + " ms" + (input != null && input.warning() != null ? " — " + input.warning() : "")
                + (exit != null ? ", program ended: " + exit : "") + "\n"
                + (screen != null ? screen.toText() : DiffText.of(diff));
    }
}
