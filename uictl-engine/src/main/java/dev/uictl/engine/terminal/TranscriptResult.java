package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("The raw output a program wrote, escape sequences included")
public record TranscriptResult(
        String sessionId,
        @Describe("Bytes kept (the newest ones)") long bytes,
        @Describe("Older bytes dropped by the transcript limit") long droppedBytes,
        @Nullable @Describe("With --output: the file written (atomically, mode 0600)") String path,
        @Nullable @Describe("Without --output: the bytes decoded as UTF-8") String text) implements TextView {
    @Override
    public String toText() {
        return text != null ? text : sessionId + ": " + bytes + " bytes written to " + path;
    }
}
