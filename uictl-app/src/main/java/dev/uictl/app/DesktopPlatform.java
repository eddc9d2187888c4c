package dev.uictl.app;

import dev.uictl.app.dispatch.Services;
import dev.uictl.engine.desktop.a11y.AccessibilityConnections;
import dev.uictl.engine.desktop.a11y.AtspiBackend;
import dev.uictl.engine.desktop.a11y.ElementResolver;
import dev.uictl.engine.desktop.capture.DesktopServiceLayout;
import dev.uictl.engine.desktop.capture.ScreenCaptureService;
import dev.uictl.engine.desktop.clipboard.ClipboardService;
import dev.uictl.engine.desktop.connection.DisplayConnections;
import dev.uictl.engine.desktop.input.InputService;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.InputInjection;
import dev.uictl.engine.desktop.spi.ScreenCapture;
import dev.uictl.engine.desktop.spi.Selections;
import dev.uictl.engine.desktop.spi.WindowSystem;

/**
 * Which adapters implement the desktop ports (window system, input injection, screen capture, selections,
 * accessibility).
 * Commands ask the services for the ports only, so a platform without one answers PLATFORM_NOT_SUPPORTED.
 */
@FunctionalInterface
public interface DesktopPlatform {
    void register(Services services);

    /** X11: one X connection per display, shared by windows, input, screenshots and the clipboard. */
    DesktopPlatform X11 = services -> {
        services.register(DisplayConnections.class, DisplayConnections::new);
        services.register(DesktopService.class, () -> new DesktopService(services.get(DisplayConnections.class)));
        services.register(ScreenCapture.class,
                () -> new ScreenCaptureService(new DesktopServiceLayout(() -> services.get(DesktopService.class)),
                        services.get(DisplayConnections.class)));
        services.register(Selections.class, () -> new ClipboardService(services.get(DisplayConnections.class)));
        services.register(InputInjection.class, () -> new InputService(services.get(DisplayConnections.class)));
        // AT-SPI: the bus connections and the resolver are the read side's (registered by UictlApp)
        services.register(AccessibilityBackend.class, () -> new AtspiBackend(
                services.get(AccessibilityConnections.class), services.get(ElementResolver.class)));
    };

    /** A backend that supports nothing: every port keeps its PLATFORM_NOT_SUPPORTED defaults. */
    DesktopPlatform NONE = services -> {
        services.register(DesktopService.class, () -> new DesktopService((display, env) -> new WindowSystem() {
        }));
        services.register(ScreenCapture.class, () -> new ScreenCapture() {
        });
        services.register(Selections.class, () -> new Selections() {
        });
        services.register(InputInjection.class, () -> new InputInjection() {
        });
        services.register(AccessibilityBackend.class, () -> new AccessibilityBackend() {
        });
    };
}
