package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("A new terminal session and its first settled screen")
public record OpenResult(
        String sessionId,
        @Nullable String name,
        int pid,
        String tty,
        List<String> argv,
        @Describe("The program was ready within --timeout (see readyOn)") boolean ready,
        @Describe("What showed it ready: output (its first output), reading_input (it waits for input without "
                + "drawing anything), sleeping (on a timer), exit, text or regex (--wait-text/--wait-regex), "
                + "or timeout (none of these within --timeout)") String readyOn,
        @Describe("False when the program was still drawing at the startup limit") boolean settled,
        long waitedMs,
        ScreenView screen,
        @Nullable @Describe("Set when the program already ended") ExitInfo exit) implements TextView {
    @Override
    public String toText() {
        return "opened " + sessionId + (name != null ? " (" + name + ")" : "") + " pid " + pid + " " + tty + ": "
                + String.join(" ", argv) + (exit != null ? " — ended: " + exit : "")
                + (ready ? "" : " — not ready: no output within the timeout") + "\n" + screen.toText();
    }
}
