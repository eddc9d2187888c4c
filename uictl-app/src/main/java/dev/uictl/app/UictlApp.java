package dev.uictl.app;

import dev.uictl.app.daemon.SocketDaemonControl;
import dev.uictl.app.dispatch.Dispatcher;
import dev.uictl.app.dispatch.Services;
import dev.uictl.commands.Commands;
import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.engine.desktop.capture.DesktopServiceLayout;
import dev.uictl.engine.desktop.capture.ScreenCaptureService;
import dev.uictl.engine.desktop.clipboard.ClipboardService;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.engine.desktop.input.InputService;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.system.ToolProbe;
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
        this.dispatcher = new Dispatcher(Commands.registry(), services);
        services.registerInstance(RuntimeInfo.class, new RuntimeInfo("in-process", ProcessHandle.current().pid(),
                buildIdOf(installation), Frame.PROTOCOL));
        services.register(ToolProbe.class, ToolProbe::new);
        services.register(TerminalSessions.class, TerminalSessions::new);
        services.register(TmuxService.class, TmuxService::new);
        // one X connection per display, shared by windows, input, screenshots and the clipboard
        services.register(DisplayConnections.class, DisplayConnections::new);
        services.register(ScreenCaptureService.class,
                () -> new ScreenCaptureService(new DesktopServiceLayout(() -> services.get(DesktopService.class)),
                        services.get(DisplayConnections.class)));
        services.register(ClipboardService.class, () -> new ClipboardService(services.get(DisplayConnections.class)));
        services.register(DesktopService.class, () -> new DesktopService(services.get(DisplayConnections.class)));
        services.register(PrivateDesktops.class, PrivateDesktops::new);
        services.register(InputService.class, () -> new InputService(services.get(DisplayConnections.class)));
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
