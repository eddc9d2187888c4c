package dev.uictl.engine.terminal;

import dev.uictl.core.json.Json;
import dev.uictl.core.render.TerseView;
import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

@Describe("A new terminal session and its first settled screen; with --terse without the echo of argv, and the "
        + "screen without what equals the power-on state")
public record OpenResult(
        String sessionId,
        @Nullable String name,
        int pid,
        String tty,
        @Nullable @Describe("The program and its arguments; omitted by --terse") List<String> argv,
        @Nullable @Describe("Under a policy, what confines the program (bwrap, pid-namespace, landlock-abi-N, "
                + "network-namespace, seccomp-network); absent when it runs unconfined") List<String> sandbox,
        @Describe("The program was ready within --timeout (see readyOn)") boolean ready,
        @Describe("What showed it ready: output (its first output), reading_input (it waits for input without "
                + "drawing anything), sleeping (on a timer), exit, text or regex (--wait-text/--wait-regex), "
                + "or timeout (none of these within --timeout)") String readyOn,
        @Describe("True once output went quiet while the program waits for input; false when it was still drawing, "
                + "running or waiting on something else at the startup limit (3 s, or --timeout when shorter; see "
                + "unsettled)") boolean settled,
        @Nullable @Describe(SettlePolicy.UNSETTLED_DOC) String unsettled,
        long waitedMs,
        ScreenView screen,
        @Nullable @Describe("Set when the program already ended") ExitInfo exit) implements TextView, TerseView {
    @Override
    public Object terse() {
        ObjectNode n = (ObjectNode) Json.tree(this);
        n.remove("argv");
        n.set("screen", TerseScreens.screen(screen, null));
        return n;
    }

    @Override
    public String toText() {
        return "opened " + sessionId + (name != null ? " (" + name + ")" : "") + " pid " + pid + " " + tty + ": "
                + String.join(" ", argv) + (exit != null ? " — ended: " + exit : "")
                + (ready ? "" : " — not ready: no output within the timeout") + "\n" + screen.toText();
    }
}
