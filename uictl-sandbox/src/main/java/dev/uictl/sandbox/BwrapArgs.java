package dev.uictl.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bubblewrap's command line, option by option. The root is an empty tmpfs; only the system baseline a program needs
 * to start (libraries, binaries, terminfo, locale, the few /etc files the C library reads) and what the policy names
 * are mounted in. /etc is not bound whole: it holds credentials (/etc/shadow, ssh host keys) that uid 0 inside could
 * read.
 */
final class BwrapArgs {
    /** Read-only system directories; on merged-/usr systems /bin, /lib… are symlinks and are recreated as such. */
    private static final List<String> SYSTEM_DIRS = List.of("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
            "/libx32");
    /** What programs read from /etc to start and to show text; nothing secret. */
    private static final List<String> ETC_FILES = List.of("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
            "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime", "/etc/timezone", "/etc/terminfo",
            "/etc/alternatives", "/etc/locale.alias", "/etc/locale.gen", "/etc/default/locale", "/etc/inputrc",
            "/etc/bash.bashrc", "/etc/profile", "/etc/profile.d", "/etc/vim", "/etc/vimrc", "/etc/less", "/etc/lesskey",
            "/etc/mime.types", "/etc/magic", "/etc/ssl/openssl.cnf", "/etc/python3", "/etc/host.conf", "/etc/hosts");

    private final List<String> args = new ArrayList<>();

    BwrapArgs(Path bwrap) {
        args.add(bwrap.toString());
        // --unshare-all: user (when possible), PID, network, IPC, UTS and cgroup namespaces. No --new-session: the
        // program must keep our terminal as its controlling one for job control; TIOCSTI is refused by seccomp.
        args.addAll(List.of("--unshare-all", "--die-with-parent", "--hostname", "uictl-sandbox"));
    }

    void shareNet() {
        args.add("--share-net");
    }

    void seccomp(int fd) {
        args.addAll(List.of("--seccomp", Integer.toString(fd)));
    }

    void baseline() {
        for (String dir : SYSTEM_DIRS) {
            Path p = Path.of(dir);
            if (Files.isSymbolicLink(p)) {
                try {
                    args.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), dir));
                } catch (IOException e) {
                    // unreadable link: leave it out, the program then lacks that path
                }
            } else if (Files.isDirectory(p)) {
                args.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        for (String f : ETC_FILES) {
            args.addAll(List.of("--ro-bind-try", f, f));
        }
        args.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", "/run"));
    }

    void readOnly(Path p) {
        args.addAll(List.of("--ro-bind", p.toString(), p.toString()));
    }

    void writable(Path p) {
        args.addAll(List.of("--bind", p.toString(), p.toString()));
    }

    void helper(Path host, String inside) {
        args.addAll(List.of("--ro-bind", host.toString(), inside));
    }

    void chdir(Path dir) {
        args.addAll(List.of("--chdir", dir.toString()));
    }

    void environment(Map<String, String> env) {
        args.add("--clearenv");
        env.forEach((k, v) -> args.addAll(List.of("--setenv", k, v)));
    }

    List<String> build() {
        List<String> out = new ArrayList<>(args);
        out.add("--");
        return out;
    }
}
