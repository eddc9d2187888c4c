package dev.uictl.commands.desktop;

import dev.uictl.core.render.TextView;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.desktop.env.DesktopState;
import dev.uictl.engine.desktop.env.MonitorLayout;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A private desktop as commands report it; the text form is shell `export` lines for `eval`. */
@Describe("A private headless desktop and the environment to use it")
public record DesktopInfo(String name, @Describe("X display, e.g. :3") String display,
                          @Describe("screen width in pixels (all monitors)") int width, int height,
                          List<MonitorLayout> monitors, boolean wm, boolean a11y,
                          @Describe("the X server is running") boolean alive,
                          @Nullable @Describe("true when this call started it, false when it already ran")
                          Boolean created,
                          @Describe("variables to export: DISPLAY, XAUTHORITY, DBUS_SESSION_BUS_ADDRESS")
                          Map<String, String> env,
                          @Nullable @Describe("the accessibility bus; not exported, as on a user's desktop: toolkits "
                                  + "find it through the session bus, and Qt 6 does not register on one named by "
                                  + "AT_SPI_BUS_ADDRESS")
                          String a11yBus,
                          List<ProcessInfo> processes,
                          @Describe("private directory with logs, bus config and sockets") String stateDir,
                          String startedAt) implements TextView {

    @Describe("A process of a private desktop")
    public record ProcessInfo(@Describe("xvfb, session-bus or wm") String role, long pid, boolean alive) {
    }

    static DesktopInfo of(DesktopState d, Boolean created) {
        return new DesktopInfo(d.name(), d.display(), d.width(), d.height(), d.monitors(), d.wm(), d.a11y(),
                d.alive(), created, d.env(), d.a11yBus(),
                d.processes().stream().map(p -> new ProcessInfo(p.role(), p.pid(), p.alive())).toList(),
                d.stateDir(), d.startedAt());
    }

    @Override
    public String toText() {
        return env.entrySet().stream()
                .map(e -> "export " + e.getKey() + "='" + e.getValue().replace("'", "'\\''") + "'")
                .collect(Collectors.joining("\n", "", "\n"))
                + "# desktop " + name + " on " + display + (alive ? "" : " (not running)") + ", pids "
                + processes.stream().map(p -> p.role() + "=" + p.pid()).collect(Collectors.joining(" ")) + "\n";
    }
}
