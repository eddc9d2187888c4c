package dev.uictl.engine.scenario.trace;

/**
 * Escaping for everything the trace page embeds. Text from a run (screen cells, titles, step ids, messages, the
 * transcript) only ever becomes HTML text or a quoted attribute value through {@link #escape}: the five markup
 * characters become entities, so {@code </script>}, {@code <img onerror=…>} and {@code <!--} stay text. Characters
 * that are not valid or visible in HTML text become visible stand-ins instead of vanishing or confusing a parser:
 * C0 controls their Unicode control pictures (ESC shows as ␛), DEL ␡, lone surrogates U+FFFD; U+2028/U+2029 are
 * written as character references.
 */
public final class HtmlText {
    private HtmlText() {
    }

    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        append(out, text, false);
        return out.toString();
    }

    /** Like {@link #escape} but keeps newlines and tabs (for preformatted blocks such as the transcript). */
    public static String escapePreformatted(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        append(out, text, true);
        return out.toString();
    }

    static void append(StringBuilder out, String text, boolean keepLayout) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\u2028' -> out.append("&#x2028;");
                case '\u2029' -> out.append("&#x2029;");
                case '\u007f' -> out.append('\u2421');
                default -> {
                    if (keepLayout && (c == '\n' || c == '\t')) {
                        out.append(c);
                    } else if (c < 0x20) {
                        out.append((char) (0x2400 + c));
                    } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isSurrogate(c) || c == '\ufffe' || c == '\uffff') {
                        out.append('\ufffd');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
    }
}
