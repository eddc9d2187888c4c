package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("A finished live attachment: why it ended, what was typed, and the screen at the end")
public record AttachResult(
        String sessionId,
        @Describe("detach_key | stdin_eof | program_exit | client_gone") String detachedBy,
        long durationMs,
        @Describe("Bytes the person typed into the program") long bytesTyped,
        @Describe("Times the screen was redrawn on the person's terminal (stderr)") long redraws,
        ScreenView screen,
        @Nullable @Describe("Set when the program has exited") ExitInfo exit) implements TextView {
    @Override
    public String toText() {
        return "detached from " + sessionId + " (" + detachedBy + ") after " + durationMs + " ms, " + bytesTyped
                + " bytes typed" + (exit != null ? ", program ended: " + exit : "");
    }
}
