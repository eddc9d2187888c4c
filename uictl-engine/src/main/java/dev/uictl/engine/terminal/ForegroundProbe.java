package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The terminal's foreground process group as its session leader sees it, and /proc/PID/stat read for that. */
final class ForegroundProbe {
    private ForegroundProbe() {
    }

    /** The terminal's foreground process group as its session leader sees it (tpgid); 0 when unknown. */
    static int foregroundGroup(int sessionLeader) {
        String[] leader = statFields(sessionLeader);
        return leader == null ? 0 : Math.max(0, Integer.parseInt(leader[5]));
    }

    /** The fields after the command name of /proc/PID/stat (state first), or null when the process is gone. */
    static String[] statFields(int pid) {
        return statFields(Path.of("/proc", Integer.toString(pid)));
    }

    /** {@link #statFields(int)} of a /proc/PID or /proc/PID/task/TID directory. */
    static String[] statFields(Path procDir) {
        try {
            String stat = Files.readString(procDir.resolve("stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
