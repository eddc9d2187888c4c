package dev.uictl.engine.terminal;

/**
 * Which part of a session's transcript to hand out: from offset {@code since}, or the last {@code tail} bytes (neither:
 * the last {@code maxBytes}), at most {@code maxBytes} of it in one answer; a file ({@code term transcript --output})
 * takes the whole window.
 */
public record TranscriptWindow(Long since, Long tail, int maxBytes) {
    /** The default page: small enough for an agent's context, large enough for a screenful of history. */
    public static final int DEFAULT_MAX_BYTES = 64 * 1024;
}
