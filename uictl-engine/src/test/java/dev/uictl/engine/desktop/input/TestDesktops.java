package dev.uictl.engine.desktop.input;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.env.DesktopOptions;
import dev.uictl.engine.desktop.env.DesktopRequestFlags;
import dev.uictl.engine.desktop.env.DesktopState;
import dev.uictl.engine.desktop.env.DesktopStore;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A private desktop (openbox, no a11y bus) for one input test class, with helpers to run X tools on it. */
final class TestDesktops implements AutoCloseable {
    private final PrivateDesktops supervisor = new PrivateDesktops();
    private final DesktopStore store;
    private final DesktopState desktop;
    private final List<Process> apps = new ArrayList<>();

    TestDesktops(Path runtime, String name) {
        store = supervisor.store(Map.of("UICTL_RUNTIME_DIR", runtime.toString()));
        desktop = supervisor.up(store, new DesktopOptions(name, null, 1024, 768, 1, true, false),
                DesktopRequestFlags.NONE, System.getenv()).desktop();
    }

    Map<String, String> env() {
        return desktop.env();
    }

    /** Starts a program on the desktop with stdout to {@code log} (or discarded). */
    Process launch(Path log, Map<String, String> extraEnv, String... argv) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(log != null)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(log.toFile()));
        if (log == null) {
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        pb.environment().remove("DBUS_SESSION_BUS_ADDRESS");
        pb.environment().putAll(desktop.env());
        pb.environment().putAll(extraEnv);
        Process p = pb.start();
        apps.add(p);
        return p;
    }

    /** Output of an X tool run on this desktop; fails on a non-zero exit. */
    String run(String... argv) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(desktop.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("%s: %s", String.join(" ", argv), out).isZero();
        return out;
    }

    /** Waits (xdotool --sync, event-driven) for a window whose name matches, activates it and returns its id. */
    String activate(String nameRegex) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (true) {
            // xdotool gives up on a BadWindow when some other window vanishes mid-search (a closing terminal).
            ProcessBuilder pb = new ProcessBuilder("xdotool", "search", "--sync", "--onlyvisible", "--name", nameRegex)
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(desktop.env());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() == 0 && !out.isEmpty()) {
                String id = out.lines().findFirst().orElseThrow().strip();
                run("xdotool", "windowactivate", "--sync", id);
                return id;
            }
            assertThat(System.nanoTime()).as("a window named %s appeared", nameRegex).isLessThan(deadline);
        }
    }

    /** Absolute upper-left of a window's client area, from xwininfo (independent of uictl). */
    int[] origin(String windowId) throws IOException, InterruptedException {
        String info = run("xwininfo", "-id", windowId);
        return new int[] {field(info, "Absolute upper-left X:"), field(info, "Absolute upper-left Y:")};
    }

    private static int field(String text, String label) {
        return text.lines().filter(l -> l.strip().startsWith(label)).map(l -> Integer.parseInt(l.strip()
                .substring(label.length()).strip())).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        for (Process p : apps.reversed()) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        supervisor.down(store, desktop.name());
    }
}
