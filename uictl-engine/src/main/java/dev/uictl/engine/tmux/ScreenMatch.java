package dev.uictl.engine.tmux;

/**
 * Whether a captured screen shows what was typed. Whitespace is ignored on both sides (a long line wraps, a
 * composer may re-indent), and only the end of the message counts: it is what the cursor was last near, and a
 * long message scrolls its beginning away.
 */
final class ScreenMatch {
    static final int TAIL = 32;

    private ScreenMatch() {
    }

    static boolean showsEndOf(String screen, String message) {
        String want = squeeze(AnsiText.strip(message));
        if (want.isEmpty()) {
            return false;
        }
        int cut = want.offsetByCodePoints(want.length(), -Math.min(TAIL, want.codePointCount(0, want.length())));
        return squeeze(AnsiText.strip(screen)).contains(want.substring(cut));
    }

    private static String squeeze(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().filter(cp -> !Character.isWhitespace(cp)).forEach(b::appendCodePoint);
        return b.toString();
    }

    /** Whether the screen holds {@code text} (whitespace-insensitive, like {@link #showsEndOf}). */
    static boolean contains(String screen, String text) {
        String want = squeeze(AnsiText.strip(text));
        return !want.isEmpty() && squeeze(AnsiText.strip(screen)).contains(want);
    }
}
