package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;

@Describe("A closed session: how the program ended and what its process tree took to stop")
public record CloseResult(
        String sessionId,
        int pid,
        @Describe("The signal sent first (SIGKILL follows after the grace period)") String signal,
        ExitInfo exit,
        @Describe("Processes of the tree, or carrying the session's UICTL_TERM_SESSION marker, that received the first signal") int processesSignalled,
        @Describe("Processes still alive after the grace period, killed") int processesKilled) implements TextView {
    @Override
    public String toText() {
        return "closed " + sessionId + " pid " + pid + ": " + exit + " (" + processesSignalled + " signalled, "
                + processesKilled + " killed)";
    }
}
