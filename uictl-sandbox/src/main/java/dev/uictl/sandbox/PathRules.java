package dev.uictl.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which paths a policy may name: absolute, normalized lexically ({@code .}/{@code ..} resolved, never above
 * {@code /}), not a broad root (that would hand over the whole system or a home), not inside a kernel filesystem,
 * and not reaching outside itself through a symbolic link.
 */
final class PathRules {
    /** Naming one of these (or an ancestor of one) would expose the system or every user's files. */
    static final Set<Path> BROAD_ROOTS = Set.of("/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32",
            "/lib64", "/libx32", "/media", "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/snap", "/srv", "/sys",
            "/tmp", "/usr", "/usr/bin", "/usr/lib", "/usr/local", "/usr/sbin", "/usr/share", "/var", "/var/lib",
            "/var/tmp").stream().map(Path::of).collect(java.util.stream.Collectors.toUnmodifiableSet());
    /** Kernel filesystems: the sandbox mounts its own /proc and /dev; nothing under these may be bound. */
    private static final List<Path> VIRTUAL = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    private PathRules() {
    }

    /** Null (and a violation) when the path is not acceptable as an allowlist root. */
    static Path root(String field, Path raw, Path home, List<Violation> out) {
        if (!raw.isAbsolute()) {
            out.add(new Violation(field, Violation.Kind.NOT_ABSOLUTE, "must be an absolute path, got " + raw));
            return null;
        }
        Path p = raw.normalize();
        if (BROAD_ROOTS.contains(p) || p.equals(home) || home != null && home.startsWith(p)) {
            out.add(new Violation(field, Violation.Kind.BROAD_ROOT, p + " is too broad (/, a home directory or a "
                    + "system root); name a dedicated directory such as /tmp/work"));
            return null;
        }
        if (VIRTUAL.stream().anyMatch(p::startsWith)) {
            out.add(new Violation(field, Violation.Kind.BROAD_ROOT, p + " lies in a kernel filesystem; the sandbox "
                    + "has its own /proc and /dev"));
            return null;
        }
        Optional<Path> real = realPath(p);
        if (real.isEmpty()) {
            out.add(new Violation(field, Violation.Kind.INVALID, p + " does not exist; the sandbox can only show "
                    + "paths that exist (create it first)"));
            return null;
        }
        if (!real.get().equals(p)) {
            out.add(new Violation(field, Violation.Kind.SYMLINK_ESCAPE, p + " goes through a symbolic link to "
                    + real.get() + "; name the real path instead"));
            return null;
        }
        return p;
    }

    /** The path with every symbolic link resolved; empty when it does not exist. */
    static Optional<Path> realPath(Path p) {
        try {
            return Optional.of(p.toRealPath());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    static boolean exists(Path p) {
        return Files.exists(p, LinkOption.NOFOLLOW_LINKS);
    }

    static boolean under(Path p, List<Path> roots) {
        return roots.stream().anyMatch(p::startsWith);
    }
}
