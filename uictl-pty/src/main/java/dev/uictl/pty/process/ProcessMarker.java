package dev.uictl.pty.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An environment entry ({@code name=value}) every process started on a terminal inherits through fork, exec and
 * setsid. Terminating the program also ends live processes that carry it although they left its tree, group and
 * session: a double-forked, setsid'ed daemon re-parented to init. The value starts with the owner's pid, start time
 * and PID namespace ({@code <pid>:<start ticks>:<pid ns inode>:<serial>:<label>}), unique among all markers this
 * owner hands out, so a later owner in the same PID namespace can recognise processes whose owner died without
 * cleaning up ({@link Orphans}); an owner in another namespace has pids that mean nothing here and is never judged.
 *
 * <p>What a marker cannot catch: a descendant started with a fresh environment ({@code env -i}, sudo's env_reset,
 * systemd-run, ssh to localhost) or one that overwrites its environment block in memory (setproctitle). The kernel
 * shows the environment a process was exec'ed with ({@code /proc/PID/environ}), so setenv/unsetenv/clearenv do
 * not hide it. Only a PID namespace (the sandbox) or a cgroup closes the remaining gap.
 *
 * <p>Why not PR_SET_CHILD_SUBREAPER instead: escapees would be re-parented to the daemon, but that says nothing
 * about which session they came from, it does not survive the daemon's own death, and the JVM would have to reap
 * them with waitpid(-1), racing the JDK's process reaper for the exit status of its own child processes.
 */
public record ProcessMarker(String name, String value) {
    private static final AtomicLong SERIAL = new AtomicLong();

    public ProcessMarker {
        if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a marker name must be a non-empty environment variable name: " + name);
        }
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a marker value cannot hold NUL");
        }
    }

    /** A marker owned by this process, distinct from every other one it creates; {@code label} is for people. */
    public static ProcessMarker ownedByThisProcess(String name, String label) {
        return new ProcessMarker(name, Owner.self().prefix() + ":" + SERIAL.incrementAndGet() + ":" + label);
    }

    /** True when the environment {@code pid} was started with holds exactly this entry. */
    boolean carriedBy(int pid) {
        return valuesIn(pid, name).contains(value);
    }

    /** The owner this marker's value names, when it has the owner form. */
    Optional<Owner> owner() {
        String[] parts = value.split(":", 4);
        try {
            return parts.length == 4 ? Optional.of(new Owner(Integer.parseInt(parts[0]), Long.parseLong(parts[1]),
                    Long.parseLong(parts[2]))) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The values of every {@code name=} entry in the environment of {@code pid}; empty when unreadable or gone. */
    static List<String> valuesIn(int pid, String name) {
        byte[] environ;
        try {
            environ = Files.readAllBytes(Path.of("/proc", Integer.toString(pid), "environ"));
        } catch (IOException e) {
            return List.of(); // ended, a kernel thread, or another user's process we may not inspect
        }
        byte[] prefix = (name + "=").getBytes(StandardCharsets.UTF_8);
        List<String> values = new ArrayList<>(1);
        int start = 0;
        while (start < environ.length) {
            int end = start;
            while (end < environ.length && environ[end] != 0) {
                end++;
            }
            if (startsWith(environ, start, end, prefix)) {
                int from = start + prefix.length;
                values.add(new String(environ, from, end - from, StandardCharsets.UTF_8));
            }
            start = end + 1;
        }
        return values;
    }

    private static boolean startsWith(byte[] bytes, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** A process identified by pid and start time (so a recycled pid is not mistaken for it) in a PID namespace. */
    record Owner(int pid, long startTime, long pidNamespace) {
        static Owner self() {
            int pid = (int) ProcessHandle.current().pid();
            return new Owner(pid, ProcessInfo.read(pid).orElseThrow().startTime(), currentPidNamespace());
        }

        /** {@code <pid>:<start ticks>:<pid ns inode>}, how a marker value begins. */
        String prefix() {
            return pid + ":" + startTime + ":" + pidNamespace;
        }

        /** Known dead: same PID namespace as this process, and no live process has that pid and start time. */
        boolean knownDead() {
            return pidNamespace == currentPidNamespace()
                    && ProcessInfo.read(pid).filter(p -> p.startTime() == startTime && !p.zombie()).isEmpty();
        }

        /** The inode of this process's PID namespace ({@code pid:[4026531836]}); 0 when the kernel does not say. */
        static long currentPidNamespace() {
            try {
                String link = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
                return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }
    }
}
