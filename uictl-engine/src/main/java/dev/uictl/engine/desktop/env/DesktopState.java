package dev.uictl.engine.desktop.env;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running private desktop as persisted in the runtime directory, so `desktop down|status` work from any
 * process. {@code env} holds exactly the variables a client must set to use it.
 */
@Describe("A private headless desktop")
public record DesktopState(String name, @Describe("X display, e.g. :3") String display, int width, int height,
                           List<MonitorLayout> monitors, boolean wm, boolean a11y,
                           @Describe("variables to export: DISPLAY, XAUTHORITY, DBUS_SESSION_BUS_ADDRESS")
                           Map<String, String> env,
                           @Nullable @Describe("the accessibility bus, null without accessibility; not in env (see DesktopInfo)")
                           String a11yBus,
                           List<ManagedProcess> processes,
                           @Describe("private directory with logs, bus config and sockets") String stateDir,
                           @Describe("ISO-8601 start time") String startedAt) {

    public DesktopState {
        monitors = List.copyOf(monitors);
        env = new LinkedHashMap<>(env);
        processes = List.copyOf(processes);
    }

    public int displayNumber() {
        return DesktopOptions.parseDisplay(display);
    }

    public Path dir() {
        return Path.of(stateDir);
    }

    public ManagedProcess process(String role) {
        return processes.stream().filter(p -> p.role().equals(role)).findFirst().orElse(null);
    }

    /** The X server is up and its socket exists. */
    public boolean alive() {
        ManagedProcess x = process(DesktopLauncher.XVFB);
        return x != null && x.alive()
                && java.nio.file.Files.exists(Path.of("/tmp/.X11-unix/X" + displayNumber()));
    }

    /** Whether what was asked for explicitly matches this desktop. */
    boolean satisfies(DesktopOptions wanted, DesktopRequestFlags given) {
        return (!given.display() || wanted.display() == displayNumber())
                && (!given.size() || wanted.width() == monitors.getFirst().width()
                        && wanted.height() == monitors.getFirst().height())
                && (!given.monitors() || wanted.monitors() == monitors.size())
                && (!given.wm() || wanted.wm() == wm)
                && (!given.a11y() || wanted.a11y() == a11y);
    }
}
