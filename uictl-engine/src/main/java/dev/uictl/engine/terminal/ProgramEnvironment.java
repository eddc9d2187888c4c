package dev.uictl.engine.terminal;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The environment a program gets in a session: the caller's, adjusted to the terminal it really runs on. TERM names
 * what the emulator implements; COLUMNS/LINES would override the pty size; variables of the caller's own terminal
 * multiplexer would make programs talk to the wrong server. ncurses waits ESCDELAY (1 s by default) before it
 * takes a lone Escape as such; uictl writes every key sequence in one piece, so a short delay cannot split one,
 * and `term keys Escape …` does not wait a second per Escape (the caller's own ESCDELAY is kept).
 * {@code --env} overrides win over all of this.
 */
final class ProgramEnvironment {
    static final String TERM = "xterm-256color";
    static final String ESCDELAY_MS = "25";
    private static final Set<String> DROPPED = Set.of("COLUMNS", "LINES", "TMUX", "TMUX_PANE", "STY", "WINDOWID",
            "TERMCAP", "COLORTERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "UICTL_NO_DAEMON");

    private ProgramEnvironment() {
    }

    static Map<String, String> of(Map<String, String> caller, Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(caller);
        env.keySet().removeAll(DROPPED);
        env.put("TERM", TERM);
        if (!env.containsKey("LANG") && !env.containsKey("LC_ALL") && !env.containsKey("LC_CTYPE")) {
            env.put("LANG", "C.UTF-8"); // the emulator decodes UTF-8; make programs produce it
        }
        env.putIfAbsent("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.putIfAbsent("ESCDELAY", ESCDELAY_MS);
        env.putAll(overrides);
        return env;
    }
}
