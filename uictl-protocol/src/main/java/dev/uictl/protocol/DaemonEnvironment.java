package dev.uictl.protocol;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The clean, minimal environment a daemon starts with. The daemon serves every later client, so it must not
 * carry the first client's variables (LD_PRELOAD, JAVA_TOOL_OPTIONS, a FOO of one caller…): each request brings
 * its own environment, and programs started for a request get that one. The C client keeps the same list
 * (client-c/uictl.c, DAEMON_ENV).
 */
public final class DaemonEnvironment {
    /** What the daemon itself needs: where it lives (runtime dir, display key), its locale, PATH and idle timeout. */
    public static final Set<String> KEPT = Set.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE",
            "TZ", "DISPLAY", "XDG_RUNTIME_DIR", "UICTL_RUNTIME_DIR", "UICTL_IDLE_TIMEOUT",
            "UICTL_MAX_CONNECTIONS");

    private DaemonEnvironment() {
    }

    /** The kept variables of {@code callerEnv} plus UICTL_HOME. */
    public static Map<String, String> of(Map<String, String> callerEnv, Installation installation) {
        Map<String, String> env = new TreeMap<>();
        for (String name : KEPT) {
            String value = callerEnv.get(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        env.put("UICTL_HOME", installation.home().toString());
        return env;
    }
}
