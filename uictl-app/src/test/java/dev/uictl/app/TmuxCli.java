package dev.uictl.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The plain tmux CLI on a private TMUX_TMPDIR: the independent oracle of the tmux tests. */
final class TmuxCli {
    private TmuxCli() {
    }

    /** Runs {@code tmux ARGS} and returns what it printed (stdout and stderr). */
    static String run(Path tmpdir, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("tmux"));
        argv.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
        pb.environment().put("TMUX_TMPDIR", tmpdir.toString());
        pb.environment().remove("TMUX");
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
