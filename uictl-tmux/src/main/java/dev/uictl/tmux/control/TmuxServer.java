package dev.uictl.tmux.control;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which tmux server to talk to: the default socket (under {@code TMUX_TMPDIR}, else {@code /tmp}), a named socket
 * ({@code -L name}) or a socket path ({@code -S path}). Also carries the environment tmux runs with: the caller's,
 * without {@code TMUX}/{@code TMUX_PANE} (inside a pane they would redirect us to the enclosing server).
 */
public record TmuxServer(String executable, String socketName, Path socketPath, String tmpDir) {

    public static TmuxServer byDefault(String tmpDir) {
        return new TmuxServer("tmux", null, null, tmpDir);
    }

    public static TmuxServer named(String name, String tmpDir) {
        return new TmuxServer("tmux", name, null, tmpDir);
    }

    public static TmuxServer atPath(Path socket) {
        return new TmuxServer("tmux", null, socket, null);
    }

    public TmuxServer withExecutable(String path) {
        return new TmuxServer(path, socketName, socketPath, tmpDir);
    }

    /** {@code tmux [-L name | -S path]} followed by {@code args}. */
    public List<String> argv(List<String> args) {
        List<String> argv = new ArrayList<>();
        argv.add(executable);
        if (socketPath != null) {
            argv.add("-S");
            argv.add(socketPath.toString());
        } else if (socketName != null) {
            argv.add("-L");
            argv.add(socketName);
        }
        argv.addAll(args);
        return argv;
    }

    public Map<String, String> environment(Map<String, String> base) {
        Map<String, String> env = new HashMap<>(base);
        env.remove("TMUX");
        env.remove("TMUX_PANE");
        if (tmpDir != null) {
            env.put("TMUX_TMPDIR", tmpDir);
        } else {
            env.remove("TMUX_TMPDIR");
        }
        return env;
    }

    /** A process running {@code tmux <server flags> <args>} in {@link #environment} of {@code base}. */
    public ProcessBuilder process(List<String> args, Map<String, String> base) {
        ProcessBuilder pb = new ProcessBuilder(argv(args));
        pb.environment().clear();
        pb.environment().putAll(environment(base));
        return pb;
    }

    /** How people would name this server: {@code -L name}, {@code -S path} or {@code default}. */
    public String label() {
        if (socketPath != null) {
            return "-S " + socketPath;
        }
        return socketName != null ? "-L " + socketName : "default";
    }
}
