package dev.uictl.app;

import dev.uictl.app.daemon.SocketDaemonControl;
import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Services;
import dev.uictl.commands.Commands;
import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.engine.desktop.a11y.AccessibilityConnections;
import dev.uictl.engine.desktop.a11y.DesktopWindowDirectory;
import dev.uictl.engine.desktop.a11y.ElementQueries;
import dev.uictl.engine.desktop.a11y.ElementResolver;
import dev.uictl.engine.desktop.a11y.SnapshotService;
import dev.uictl.engine.desktop.element.ElementActionService;
import dev.uictl.engine.desktop.element.ElementWaits;
import dev.uictl.engine.desktop.events.AccessibilityEvents;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.engine.scenario.trace.TraceService;
import dev.uictl.engine.system.ToolProbe;
import dev.uictl.engine.sandbox.Sandboxes;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.engine.tmux.TmuxService;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.Installation;
import java.io.IOException;
import java.nio.file.Path;

/** Wires registry, services and dispatcher; Main, the daemon and tests all start here. */
public final class UictlApp {
    private final Services services = new Services();
    private final Dispatcher dispatcher;

    public UictlApp(Installation installation) {
        this(installation, DesktopPlatform.X11);
    }

    /** The app over another desktop platform (tests run the commands against a backend that supports nothing). */
    public UictlApp(Installation installation, DesktopPlatform platform) {
        this.dispatcher = new Dispatcher(Commands.registry(), services);
        services.registerInstance(RuntimeInfo.class, new RuntimeInfo("in-process", ProcessHandle.current().pid(),
                buildIdOf(installation), Frame.PROTOCOL));
        services.register(ToolProbe.class, ToolProbe::new);
        services.register(TerminalSessions.class, TerminalSessions::new);
        services.register(Sandboxes.class, () -> Sandboxes.forInstallation(installation.home()));
        services.register(TraceService.class, TraceService::new);
        platform.register(services);
        services.register(TmuxService.class, TmuxService::new);
        services.register(PrivateDesktops.class, PrivateDesktops::new);
        // one accessibility-bus connection per bus, shared by snapshots, queries and element actions
        services.register(AccessibilityConnections.class, AccessibilityConnections::new);
        services.register(SnapshotService.class, () -> new SnapshotService(services.get(AccessibilityConnections.class),
                new DesktopWindowDirectory(() -> services.get(DesktopService.class))));
        services.register(ElementResolver.class, () -> services.get(SnapshotService.class).resolver());
        services.register(ElementQueries.class, () -> new ElementQueries(services.get(SnapshotService.class)));
        services.register(ElementActionService.class, () -> new ElementActionService(
                () -> services.get(AccessibilityBackend.class), () -> services.get(InputInjection.class),
                () -> services.get(DesktopService.class)));
        services.register(ElementWaits.class, () -> new ElementWaits(() -> services.get(AccessibilityBackend.class)));
        services.register(AccessibilityEvents.class,
                () -> new AccessibilityEvents(() -> services.get(AccessibilityBackend.class),
                        () -> services.get(DesktopService.class)));
        services.registerInstance(DaemonControl.class, new SocketDaemonControl(installation, services,
                () -> dispatcher));
    }

    /** The installation named by -Duictl.home / $UICTL_HOME, else the working directory. */
    public static Installation defaultInstallation() {
        String home = System.getProperty("uictl.home", System.getenv("UICTL_HOME"));
        return new Installation(Path.of(home == null ? "." : home).toAbsolutePath());
    }

    public Dispatcher dispatcher() {
        return dispatcher;
    }

    public Services services() {
        return services;
    }

    private static String buildIdOf(Installation installation) {
        try {
            return installation.buildId();
        } catch (IOException e) {
            return "unbuilt";
        }
    }
}
