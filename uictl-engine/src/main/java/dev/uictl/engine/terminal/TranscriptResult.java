package dev.uictl.engine.terminal;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/**
 * A page of the raw output a program wrote. Offsets count every byte it ever wrote, so an agent pages with
 * {@code --since END} and never sees a byte twice or misses one that is still kept.
 */
@Describe("A page of the raw output a program wrote, escape sequences included; offsets count every byte it ever "
        + "wrote")
public record TranscriptResult(
        String sessionId,
        @Describe("Offset of the first byte of this page") long from,
        @Describe("Offset after the last byte of this page: pass it as --since to read on") long end,
        @Describe("Bytes the program has written so far (the offset its next byte will have)") long total,
        @Describe("Bytes in this page") long bytes,
        @Describe("True when the asked-for output continues after end (the page stopped at --max-bytes): read on "
                + "with --since END") boolean more,
        @Describe("Older bytes no longer kept (the newest 8 MiB are)") long droppedBytes,
        @Nullable @Describe("With --since older than what is kept: the bytes between it and from that are gone")
        Long lostBytes,
        @Nullable @Describe("With --output: the file written (atomically, mode 0600)") String path,
        @Nullable @Describe("Without --output: the bytes decoded as UTF-8") String text) implements TextView {
    @Override
    public String toText() {
        return text != null ? text : sessionId + ": " + bytes + " bytes (" + from + ".." + end + ") written to " + path;
    }
}
