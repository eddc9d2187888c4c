package dev.uictl.engine.system;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The inventory behind `uictl tools` and `uictl doctor`: live backends first, then the external programs uictl
 * drives, each with its version (cached per binary) and an install hint. Probes run concurrently.
 */
public final class ToolProbe {
    /**
     * An external program: the arguments that make it print its version (none: ask dpkg, for programs without a
     * version flag such as Xvfb) and the Debian package that provides it.
     */
    record Program(String name, String executable, List<String> versionArgs, String aptPackage, String purpose) {
    }

    private static final List<Program> PROGRAMS = List.of(
            new Program("tmux", "tmux", List.of("-V"), "tmux", "tmux panes (uictl tmux ...)"),
            new Program("bwrap", "bwrap", List.of("--version"), "bubblewrap", "sandboxed terminal sessions"),
            new Program("Xvfb", "Xvfb", List.of(), "xvfb", "private headless desktops (desktop up)"),
            new Program("openbox", "openbox", List.of("--version"), "openbox", "the window manager of desktop up"),
            new Program("dbus-daemon", "dbus-daemon", List.of("--version"), "dbus", "private session and a11y bus"),
            new Program("cc", "cc", List.of("--version"), "gcc", "building the fast C client at set-up"));

    private final Executables executables = new Executables();
    private final List<BackendProbe> backends = new CopyOnWriteArrayList<>(
            List.of(new DisplayProbe(), new SessionBusProbe(), EncoderProbe.png(), EncoderProbe.jpeg()));

    /** Lets an area (e.g. the desktop engine) contribute a live check such as the window manager. */
    public void addBackend(BackendProbe probe) {
        backends.add(probe);
    }

    public List<ToolStatus> inventory(Map<String, String> env) {
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ToolStatus>> futures = new ArrayList<>();
            for (BackendProbe b : backends) {
                futures.add(pool.submit(() -> b.probe(env)));
            }
            for (Program p : PROGRAMS) {
                futures.add(pool.submit(() -> program(p, env.get("PATH"))));
            }
            List<ToolStatus> result = new ArrayList<>();
            for (Future<ToolStatus> f : futures) {
                result.add(f.get());
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing tools", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("tool probe failed", e.getCause());
        }
    }

    private ToolStatus program(Program p, String pathVariable) {
        var path = Executables.find(p.executable(), pathVariable);
        String fix = "apt-get install -y " + p.aptPackage();
        if (path.isEmpty()) {
            return new ToolStatus(p.name(), "program", false, null, null, "not on PATH; used for " + p.purpose(),
                    fix);
        }
        var version = p.versionArgs().isEmpty()
                ? executables.packageVersion(p.aptPackage()).map(v -> p.name() + " " + v)
                : executables.version(path.get(), p.versionArgs());
        return new ToolStatus(p.name(), "program", true, version.orElse(null), path.get().toString(),
                "used for " + p.purpose(), null);
    }
}
