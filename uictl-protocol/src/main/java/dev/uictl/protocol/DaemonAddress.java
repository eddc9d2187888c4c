package dev.uictl.protocol;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the daemon for one user and display lives: a private runtime directory (0700) holding
 * {@code daemon-<display>.sock} (0600), its log and its pid file. The C client computes the same paths.
 */
public record DaemonAddress(Path runtimeDir, String displayKey) {

    /** $UICTL_RUNTIME_DIR, else $XDG_RUNTIME_DIR/uictl, else ~/.cache/uictl; keyed by $DISPLAY. */
    public static DaemonAddress forEnvironment(Map<String, String> env) {
        String explicit = env.get("UICTL_RUNTIME_DIR");
        Path dir;
        if (explicit != null && !explicit.isEmpty()) {
            dir = Path.of(explicit);
        } else if (env.get("XDG_RUNTIME_DIR") != null && !env.get("XDG_RUNTIME_DIR").isEmpty()) {
            dir = Path.of(env.get("XDG_RUNTIME_DIR"), "uictl");
        } else {
            dir = Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache", "uictl");
        }
        return new DaemonAddress(dir, displayKey(env.get("DISPLAY")));
    }

    /** ":0" → "0", ":99.0" → "99.0", unset → "nodisplay"; anything outside [A-Za-z0-9._-] becomes '_'. */
    public static String displayKey(String display) {
        if (display == null || display.isEmpty()) {
            return "nodisplay";
        }
        String d = display.startsWith(":") ? display.substring(1) : display;
        // A loop rather than replaceAll: the Java client runs this at every start, and a regex costs it time.
        StringBuilder key = new StringBuilder(d.length());
        for (int i = 0; i < d.length(); i++) {
            char c = d.charAt(i);
            boolean safe = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            key.append(safe ? c : '_');
        }
        return key.toString();
    }

    public Path socket() {
        return runtimeDir.resolve("daemon-" + displayKey + ".sock");
    }

    public Path logFile() {
        return runtimeDir.resolve("daemon-" + displayKey + ".log");
    }

    public Path pidFile() {
        return runtimeDir.resolve("daemon-" + displayKey + ".pid");
    }

    /**
     * Creates the runtime directory 0700 or tightens an existing one of ours; refuses (with
     * {@link PrivateDirectory.Untrusted}) a symlink, a directory of another user or an ancestor others could change.
     */
    public void ensurePrivateDir() throws IOException {
        PrivateDirectory.ensure(runtimeDir);
    }
}
