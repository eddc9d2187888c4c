package dev.uictl.vt.parser;

/**
 * Incremental UTF-8 decoder that survives sequences split across {@code write} calls. Invalid input becomes U+FFFD,
 * one per maximal invalid subpart (Unicode §3.9 "substitution of maximal subparts"), like Java's own decoder.
 */
final class Utf8Decoder {

    static final int REPLACEMENT = 0xFFFD;
    /** Returned by {@link #feed} while a sequence is incomplete. */
    static final int PENDING = -1;
    /** Returned by {@link #feed} when the byte ended an invalid sequence without being consumed: emit U+FFFD, then feed it again. */
    static final int REJECT_AND_RETRY = -2;

    private int codePoint;
    private int remaining;
    private int lower = 0x80;
    private int upper = 0xBF;

    boolean pending() {
        return remaining > 0;
    }

    /**
     * Feeds one byte ≥ 0x80, or any byte while {@link #pending()}. Returns a code point, {@link #PENDING},
     * {@link #REPLACEMENT} for a byte that cannot start a sequence, or {@link #REJECT_AND_RETRY}.
     */
    int feed(int b) {
        if (remaining == 0) return start(b);
        boolean valid = b >= lower && b <= upper;
        lower = 0x80;   // the narrowed range applies to the second byte only
        upper = 0xBF;
        if (!valid) {
            remaining = 0;
            return REJECT_AND_RETRY;
        }
        codePoint = codePoint << 6 | (b & 0x3F);
        return --remaining == 0 ? codePoint : PENDING;
    }

    private int start(int b) {
        if (b >= 0xC2 && b <= 0xDF) {
            codePoint = b & 0x1F;
            remaining = 1;
        } else if (b >= 0xE0 && b <= 0xEF) {
            codePoint = b & 0x0F;
            remaining = 2;
            if (b == 0xE0) lower = 0xA0;        // no overlongs
            else if (b == 0xED) upper = 0x9F;   // no surrogates
        } else if (b >= 0xF0 && b <= 0xF4) {
            codePoint = b & 0x07;
            remaining = 3;
            if (b == 0xF0) lower = 0x90;
            else if (b == 0xF4) upper = 0x8F;   // nothing above U+10FFFF
        } else {
            return REPLACEMENT;
        }
        return PENDING;
    }
}
