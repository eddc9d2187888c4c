package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the program in the terminal's foreground sleeps (typically blocked reading its input) rather than runs,
 * read from /proc: the session leader's tpgid names the foreground process group, whose leader's state we check.
 */
final class ForegroundProbe {
    private ForegroundProbe() {
    }

    /** The terminal's foreground process group as its session leader sees it (tpgid); 0 when unknown. */
    static int foregroundGroup(int sessionLeader) {
        String[] leader = statFields(sessionLeader);
        return leader == null ? 0 : Math.max(0, Integer.parseInt(leader[5]));
    }

    static boolean sleeping(int sessionLeader) {
        String[] leader = statFields(sessionLeader);
        if (leader == null) {
            return true; // the program is gone: nothing more to wait for from it
        }
        int foreground = Integer.parseInt(leader[5]);
        String[] fg = foreground > 0 ? statFields(foreground) : leader;
        if (fg == null) {
            return true;
        }
        char state = fg[0].charAt(0);
        return state == 'S' || state == 'T' || state == 't' || state == 'Z';
    }

    /** Whether /proc/PID/syscall numbers are the ones this code decodes. */
    static final boolean X86_64 = "amd64".equals(System.getProperty("os.arch"))
            || "x86_64".equals(System.getProperty("os.arch"));

    /**
     * /proc/PID/syscall split: "nr arg1 … arg6 sp pc" in hex while blocked in a system call ("running" or
     * "-1 sp pc" otherwise); null when it cannot be read.
     */
    static String[] syscall(int pid) {
        try {
            return Files.readString(Path.of("/proc", Integer.toString(pid), "syscall")).trim().split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The fields after the command name of /proc/PID/stat (state first), or null when the process is gone. */
    static String[] statFields(int pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Integer.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
