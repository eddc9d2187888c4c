package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.States;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Window;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Turns --app / --pid / --window / nothing (the focused window) into a {@link Scope}. */
final class ScopeResolver {
    private final WindowDirectory windows;

    ScopeResolver(WindowDirectory windows) {
        this.windows = windows;
    }

    Scope byApp(AtspiConnection bus, CallContext ctx, String name) {
        List<Desktop.App> apps = new Desktop(bus).applications(Budgets.of(ctx));
        List<Desktop.App> exact = apps.stream().filter(a -> a.name().equalsIgnoreCase(name)).toList();
        List<Desktop.App> found = !exact.isEmpty() ? exact : apps.stream()
                .filter(a -> a.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT))).toList();
        if (found.isEmpty()) {
            throw UictlException.of(ErrorCode.APP_NOT_FOUND, "no accessible application named '" + name + "'")
                    .withHint("Run `uictl list-apps` or `uictl snapshot` to see the accessible applications.")
                    .withDetail("app", name).withDetail("available", apps.stream().map(Desktop.App::name).toList());
        }
        if (found.size() > 1) {
            throw UictlException.of(ErrorCode.SELECTOR_AMBIGUOUS, found.size() + " applications match '" + name + "'")
                    .withHint("Use --pid with one of the candidates' pids.").withDetail("mode", "app")
                    .withDetail("candidates", found.stream().map(a -> Map.of("name", a.name(), "pid", a.pid()))
                            .toList());
        }
        return new Scope(found.getFirst(), found.getFirst().root(), null);
    }

    /**
     * How each toolkit is made to expose its tree when it has not: `uictl desktop up` sets the session bus's switch
     * (org.a11y.Status), which Qt, Chromium and Firefox read; Java Swing and other desktops need each its own.
     */
    static final String SWITCHES = "Start the application on `uictl desktop up`, or with its switch: GTK: "
            + "NO_AT_BRIDGE unset; Qt: QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 (and AT_SPI_BUS_ADDRESS unset for Qt 6); "
            + "Chromium/Electron: --force-renderer-accessibility; Firefox: GNOME_ACCESSIBILITY=1; Java Swing: "
            + "-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper "
            + "(package libatk-wrapper-java).";

    Scope byPid(AtspiConnection bus, CallContext ctx, long pid) {
        return new Desktop(bus).applications(Budgets.of(ctx)).stream().filter(a -> a.pid() == pid).findFirst()
                .map(a -> new Scope(a, a.root(), null))
                .orElseThrow(() -> UictlException.of(ErrorCode.APP_NOT_FOUND,
                                "no accessible application with pid " + pid)
                        .withHint("Check the pid with `uictl list-windows`. " + SWITCHES).withDetail("pid", pid));
    }

    Scope byWindow(AtspiConnection bus, CallContext ctx, String selector) {
        Window w = windows.resolve(ctx, selector);
        return ofWindow(bus, ctx, w).orElseThrow(() -> UictlException.of(ErrorCode.ELEMENT_NOT_FOUND,
                        "window " + (w.refId() == null ? "" : "@" + w.refId() + " ") + "\"" + w.title()
                                + "\" has no accessibility tree")
                .withHint("Only applications on the accessibility bus can be snapshotted; `uictl list-windows` shows "
                        + "the windows. " + SWITCHES)
                .withDetail("window_id", w.windowId()));
    }

    /** No scope: the focused X window, else the accessible window in the active state. */
    Scope focused(AtspiConnection bus, CallContext ctx) {
        Optional<Window> active = windows.active(ctx);
        if (active.isPresent()) {
            Optional<Scope> s = ofWindow(bus, ctx, active.get());
            if (s.isPresent()) {
                return s.get();
            }
        }
        List<TopLevel> tops = TopLevels.of(bus, new Desktop(bus).applications(Budgets.of(ctx)), Budgets.of(ctx));
        return tops.stream().filter(t -> t.info().states().has(States.ACTIVE)).findFirst()
                .or(() -> tops.stream().filter(t -> t.info().states().has(States.SHOWING)).findFirst())
                .map(t -> new Scope(t.app(), t.info().id(), TopLevels.match(t, windows.windows(ctx)).orElse(null)))
                .orElseThrow(() -> UictlException.of(ErrorCode.ELEMENT_NOT_FOUND,
                                "no accessible window is focused or showing")
                        .withHint("Name one: `uictl snapshot --app NAME` or `--window SELECTOR`; "
                                + "`uictl list-windows` shows the windows."));
    }

    private Optional<Scope> ofWindow(AtspiConnection bus, CallContext ctx, Window w) {
        if (w.pid() == null) {
            return Optional.empty();
        }
        List<Desktop.App> apps = new Desktop(bus).applications(Budgets.of(ctx)).stream()
                .filter(a -> a.pid() == w.pid()).toList();
        AnsweringApps answering = AnsweringApps.ask(bus, apps, Budgets.of(ctx));
        Optional<TopLevel> top = TopLevels.match(w, TopLevels.of(bus, answering, Budgets.of(ctx)));
        if (top.isEmpty() && !answering.silent().isEmpty()) {
            throw AccessibilityErrors.silentWindow("@" + w.refId() + " \"" + w.title() + "\"", answering.silent());
        }
        return top.map(t -> new Scope(t.app(), t.info().id(), w));
    }
}
