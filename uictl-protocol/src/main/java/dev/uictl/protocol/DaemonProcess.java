package dev.uictl.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The daemon process named by the pid file, as /proc shows it. A client cannot tell from the socket alone whether a
 * daemon that has not answered yet is busy or can never answer: the kernel queues connections for a stopped
 * (SIGSTOP, a debugger) or frozen process as it does for a busy one. Its process state can tell.
 */
public record DaemonProcess(long pid) {

    /** What /proc says about the process; {@link #canAnswer} is false when waiting on it would be waiting forever. */
    public record State(String word, boolean canAnswer) {
        public static final State GONE = new State("gone", false);
    }

    /** The process the pid file names, or empty while there is none (no daemon, or one still starting). */
    public static Optional<DaemonProcess> of(DaemonAddress address) {
        try {
            return Optional.of(new DaemonProcess(Long.parseLong(Files.readString(address.pidFile()).trim())));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** From the state letter of /proc/PID/stat; a process that no longer exists, or a zombie, is "gone". */
    public State state() {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException e) {
            return State.GONE;
        }
        // "pid (comm) S ...": comm may itself hold spaces and parentheses, so the state follows the last ')'.
        int close = stat.lastIndexOf(')');
        char letter = close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
        return switch (letter) {
            case 'T' -> new State("stopped", false);
            case 't' -> new State("stopped by a debugger", false);
            case 'Z', 'X' -> State.GONE;
            case 'R' -> new State("running", true);
            case 'D' -> new State("waiting on the disk", true);
            default -> new State("sleeping", true);
        };
    }

    /**
     * Waits, at most {@code limitMillis}, until the process is gone: a daemon that dropped a request unread because it
     * was being killed, or that is exiting for a newer build, still accepts connections until its exit closes its
     * socket, and a retry sent before then is dropped again. Checked every 5 ms; one that lives on costs the limit.
     */
    public void awaitGone(long limitMillis) {
        long until = System.nanoTime() + limitMillis * 1_000_000;
        while (!state().equals(State.GONE) && System.nanoTime() < until) {
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
        }
    }

    /**
     * True when /proc/PID/cmdline is a uictl {@code daemon run}: the pid file alone could name a process that reused
     * the pid of a daemon killed without cleaning up.
     */
    public boolean isUictlDaemon() {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            List<String> args = Arrays.asList(new String(raw, StandardCharsets.UTF_8).split("\0"));
            int main = args.indexOf(MAIN_CLASS);
            return main >= 0 && Collections.indexOfSubList(args.subList(main + 1, args.size()),
                    List.of("daemon", "run")) >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The main class every installation's build/launch.args ends with. */
    static final String MAIN_CLASS = "dev.uictl.app.Main";
}
