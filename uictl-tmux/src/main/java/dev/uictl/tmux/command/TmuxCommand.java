package dev.uictl.tmux.command;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One tmux command rendered as a control-mode line. Every argument is double-quoted with tmux's escapes, so text
 * holding quotes, {@code ;}, {@code #}, {@code $}, {@code ~}, newlines or control characters reaches tmux as one
 * literal argument (a trailing {@code ;} is not taken as a command separator, {@code $HOME} is not expanded).
 */
public final class TmuxCommand {
    private final List<String> words = new ArrayList<>();

    private TmuxCommand(String name) {
        words.add(name);
    }

    public static TmuxCommand of(String name) {
        return new TmuxCommand(name);
    }

    /** A flag or option name such as {@code -l}, written unquoted. */
    public TmuxCommand flag(String flag) {
        if (!flag.matches("-[A-Za-z-]+")) {
            throw new IllegalArgumentException("not a flag: " + flag);
        }
        words.add(flag);
        return this;
    }

    public TmuxCommand target(Target target) {
        words.add("-t");
        words.add(quote(target.text()));
        return this;
    }

    /** An option with a value, e.g. {@code option("-F", "#{pane_id}")}. */
    public TmuxCommand option(String flag, String value) {
        flag(flag);
        words.add(quote(value));
        return this;
    }

    /** A literal argument. */
    public TmuxCommand arg(String value) {
        words.add(quote(value));
        return this;
    }

    /** {@code --}: the end of the options; what follows is taken literally even if it starts with {@code -}. */
    public TmuxCommand endOfOptions() {
        words.add("--");
        return this;
    }

    /** The line to write to the control client. */
    public String line() {
        return String.join(" ", words);
    }

    @Override
    public String toString() {
        return line();
    }

    /**
     * A double-quoted tmux word: {@code \\ \" \$} escaped, control characters and DEL as {@code \ooo}, everything
     * else (UTF-8 included) as is.
     */
    public static String quote(String value) {
        StringBuilder b = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '$' -> b.append("\\$");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append('\\').append(String.format("%03o", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** Splits UTF-8 text into pieces of at most {@code maxBytes} encoded bytes, never inside a code point. */
    public static List<String> chunks(String text, int maxBytes) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int bytes = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + len > maxBytes && i > start) {
                out.add(text.substring(start, i));
                start = i;
                bytes = 0;
            }
            bytes += len;
            i += Character.charCount(cp);
        }
        if (start < text.length()) {
            out.add(text.substring(start));
        }
        return out;
    }
}
