package dev.uictl.engine.desktop.a11y;

import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.service.DesktopService;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@link WindowDirectory} over the X11 {@link DesktopService}. Callers without a DISPLAY simply have no windows, so
 * accessibility works on a bus without a display too.
 */
public final class DesktopWindowDirectory implements WindowDirectory {
    private final Supplier<DesktopService> desktop;

    public DesktopWindowDirectory(Supplier<DesktopService> desktop) {
        this.desktop = desktop;
    }

    @Override
    public List<Window> windows(CallContext ctx) {
        return hasDisplay(ctx) ? desktop.get().windows(ctx) : List.of();
    }

    @Override
    public Optional<Window> active(CallContext ctx) {
        return hasDisplay(ctx) ? desktop.get().active(ctx) : Optional.empty();
    }

    @Override
    public Window resolve(CallContext ctx, String selector) {
        return desktop.get().resolveWindow(ctx, selector);
    }

    private static boolean hasDisplay(CallContext ctx) {
        String d = ctx.env().get("DISPLAY");
        return d != null && !d.isBlank();
    }
}
