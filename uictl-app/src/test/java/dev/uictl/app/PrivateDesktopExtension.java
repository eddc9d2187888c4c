package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.env.DesktopOptions;
import dev.uictl.engine.desktop.env.DesktopRequestFlags;
import dev.uictl.engine.desktop.env.DesktopState;
import dev.uictl.engine.desktop.env.DesktopStore;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One private desktop per test class, started by the product's own supervisor ({@link PrivateDesktops}) in a
 * private runtime directory, and torn down afterwards with a check that nothing is left: no process of its
 * sessions, no process still using its display, no X socket, no state.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
 * ... UictlRun.run(DESKTOP.env(), "", "list-windows") ... DESKTOP.launch("xterm") ...
 * </pre>
 */
public final class PrivateDesktopExtension implements BeforeAllCallback, AfterAllCallback {
    /** The python3 with GObject introspection (the machine's default python3 may be a pyenv without gi). */
    public static final String SYSTEM_PYTHON = "/usr/bin/python3";

    private final int width;
    private final int height;
    private final int monitors;
    private final boolean wm;
    private final boolean a11y;
    private final PrivateDesktops supervisor = new PrivateDesktops();
    private final List<Process> launched = new ArrayList<>();
    private Path runtimeDir;
    private DesktopStore store;
    private DesktopState desktop;

    private PrivateDesktopExtension(int width, int height, int monitors, boolean wm, boolean a11y) {
        this.width = width;
        this.height = height;
        this.monitors = monitors;
        this.wm = wm;
        this.a11y = a11y;
    }

    /** 1280x800, one monitor, openbox and the accessibility bus. */
    public static PrivateDesktopExtension withDefaults() {
        return new PrivateDesktopExtension(1280, 800, 1, true, true);
    }

    public static PrivateDesktopExtension of(int width, int height, int monitors, boolean wm, boolean a11y) {
        return new PrivateDesktopExtension(width, height, monitors, wm, a11y);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        runtimeDir = Files.createTempDirectory("uictl-desk-");
        Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", runtimeDir.toString());
        store = supervisor.store(env);
        String name = context.getRequiredTestClass().getSimpleName();
        desktop = supervisor.up(store, new DesktopOptions(name, null, width, height, monitors, wm, a11y),
                DesktopRequestFlags.NONE, System.getenv()).desktop();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            for (Process p : launched.reversed()) {
                List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
                tree.add(p.toHandle());
                tree.forEach(ProcessHandle::destroy);
                for (ProcessHandle h : tree) { // an interactive shell ignores TERM: give it the hang-up, then KILL
                    try {
                        h.onExit().get(5, TimeUnit.SECONDS);
                    } catch (ExecutionException | TimeoutException e) {
                        h.destroyForcibly();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            if (desktop != null) {
                supervisor.down(store, desktop.name());
                assertNothingLeft(desktop);
            }
        } finally {
            deleteTree(runtimeDir);
        }
    }

    /**
     * The environment a command run against this desktop needs: the desktop's variables plus the private runtime
     * directory (so daemons and state of different test classes never meet), and {@link #PLAIN_SHELL}.
     */
    public Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>(desktop.env());
        env.put("UICTL_RUNTIME_DIR", runtimeDir.toString());
        env.put("SHELL", PLAIN_SHELL);
        return env;
    }

    /**
     * The shell an xterm (or anything that starts $SHELL) runs on a test desktop. The user's bash reads its start-up
     * files, which may leave background jobs behind (pyenv's rehash waits up to a minute for a stale lock) that outlive
     * the terminal with this DISPLAY and fail the leak check of every later test on the same display number.
     */
    public static final String PLAIN_SHELL = "/bin/sh";

    public String display() {
        return desktop.display();
    }

    public DesktopState state() {
        return desktop;
    }

    public Path runtimeDir() {
        return runtimeDir;
    }

    /** Starts a program on this desktop (stdout and stderr to a log in the runtime dir); ended at teardown. */
    public Process launch(String... argv) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeAll(List.of("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "XDG_RUNTIME_DIR"));
        env.putAll(desktop.env());
        env.put("SHELL", PLAIN_SHELL);
        env.put("NO_AT_BRIDGE", "0");
        ProcessBuilder pb = new ProcessBuilder(argv)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(runtimeDir.resolve(
                        Path.of(argv[0]).getFileName() + ".log").toFile()));
        pb.environment().clear();
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            launched.add(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the GTK fixture app, which appends its state changes as JSON lines to {@code stateFile}; {@code options}
     * are more of its flags (--refusals).
     */
    public Process launchGtkFixture(Path stateFile, String title, String... options) {
        return launchGtkFixture(stateFile, title, 100, 100, options);
    }

    /** The GTK fixture app asking the window manager for position {@code x,y}. */
    public Process launchGtkFixture(Path stateFile, String title, int x, int y, String... options) {
        List<String> command = new ArrayList<>(List.of(SYSTEM_PYTHON, fixture("gtk_fixture.py").toString(), "--state",
                stateFile.toString(), "--title", title, "--position", x + "," + y));
        command.addAll(List.of(options));
        return launch(command.toArray(String[]::new));
    }

    /** A file under the repository's {@code fixtures/} directory. */
    public static Path fixture(String name) {
        Path p = Path.of("..", "fixtures", name).toAbsolutePath().normalize();
        assertThat(p).exists();
        return p;
    }

    /** Every process of the desktop's sessions is gone, nothing still runs with its DISPLAY, the socket is gone. */
    static void assertNothingLeft(DesktopState d) {
        for (var p : d.processes()) {
            assertThat(p.alive()).as("%s pid %d still alive", p.role(), p.pid()).isFalse();
            assertThat(sessionMembers(p.pid())).as("processes left in the session of %s", p.role()).isEmpty();
        }
        assertThat(processesUsingDisplay(d.display())).as("processes still using %s", d.display()).isEmpty();
        assertThat(Path.of("/tmp/.X11-unix/X" + d.displayNumber())).doesNotExist();
        assertThat(Path.of("/tmp/.X" + d.displayNumber() + "-lock")).doesNotExist();
        assertThat(d.dir()).doesNotExist();
    }

    /** Running (non-zombie) pids whose session id is {@code sid}. */
    static List<Long> sessionMembers(long sid) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            String stat = read(Path.of("/proc", Long.toString(pid), "stat"));
            if (stat == null) {
                continue;
            }
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            if (Long.parseLong(f[3]) == sid && !f[0].equals("Z")) {
                out.add(pid);
            }
        }
        return out;
    }

    /** Running pids whose environment has {@code DISPLAY=display} (an independent check of the reaping). */
    static List<Long> processesUsingDisplay(String display) {
        List<Long> out = new ArrayList<>();
        for (long pid : pids()) {
            String environ = read(Path.of("/proc", Long.toString(pid), "environ"));
            String stat = read(Path.of("/proc", Long.toString(pid), "stat"));
            if (environ != null && stat != null && !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z")
                    && List.of(environ.split("\0")).contains("DISPLAY=" + display)) {
                out.add(pid);
            }
        }
        return out;
    }

    private static List<Long> pids() {
        File[] dirs = new File("/proc").listFiles((dir, n) -> n.chars().allMatch(Character::isDigit));
        List<Long> out = new ArrayList<>();
        for (File f : dirs == null ? new File[0] : dirs) {
            out.add(Long.parseLong(f.getName()));
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
