package dev.uictl.engine.desktop.service;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.engine.desktop.env.PrivateDesktops;
import dev.uictl.engine.desktop.model.AppList;
import dev.uictl.engine.desktop.model.CloseAppResult;
import dev.uictl.engine.desktop.model.LaunchResult;
import dev.uictl.engine.desktop.model.Window;
import dev.uictl.engine.desktop.select.SelectorMatcher;
import dev.uictl.engine.desktop.select.WindowSelector;
import dev.uictl.x11.wire.X11Exception;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Applications: start programs (and wait for their window), group windows by application, close an application
 * gracefully or, with force, by signals. Started programs are {@link Process}es, so the JDK reaps them.
 */
public final class AppControl {
    public static final long DEFAULT_CLOSE_TIMEOUT_MS = 5000;
    private static final long SIGNAL_GRACE_MS = 2000;

    private final DesktopService desktop;

    AppControl(DesktopService desktop) {
        this.desktop = desktop;
    }

    /**
     * Starts {@code command} in the caller's directory and environment. With {@code waitWindow}, waits for a new
     * window matching {@code selector}, or (no selector) owned by the program or one of its children.
     */
    public LaunchResult launch(CallContext ctx, List<String> command, boolean waitWindow, String selectorText,
                               long timeoutMs, long pollMs) {
        if (command.isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "launch needs a command")
                    .withHint("Run `uictl launch xterm` (put `--` before a command with its own options).");
        }
        boolean waiting = waitWindow || selectorText != null;
        WindowSelector selector = selectorText == null ? null : WindowSelector.parse(selectorText);
        Set<String> before = waiting ? desktop.withView(ctx, v -> v.windows().stream().map(Window::xid)
                .collect(Collectors.toSet())) : Set.of();
        Process process = start(ctx, command);
        if (!waiting) {
            return new LaunchResult(process.pid(), command, null, null);
        }
        long start = System.nanoTime();
        Optional<Window> window = desktop.waits().until(ctx, timeoutMs, pollMs, windows -> {
            List<Window> fresh = windows.stream().filter(w -> !before.contains(w.xid())).filter(Window::placed).toList();
            List<Window> mine = selector != null ? SelectorMatcher.matches(selector, fresh)
                    : fresh.stream().filter(w -> w.pid() == null || family(process).contains(w.pid())).toList();
            if (mine.isEmpty() && !process.isAlive() && process.exitValue() != 0) {
                throw UictlException.of(ErrorCode.PROCESS_EXIT, "'" + command.getFirst() + "' exited with status "
                                + process.exitValue() + " before showing a window")
                        .withDetail("pid", process.pid()).withDetail("exit_code", process.exitValue());
            }
            return mine.stream().findFirst();
        });
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        return new LaunchResult(process.pid(), command, window.orElseThrow(() -> UictlException.of(ErrorCode.TIMEOUT,
                        "no new window " + (selector == null ? "of '" + command.getFirst() + "'" : "matching '"
                                + selector.text() + "'") + " appeared within " + timeoutMs + " ms")
                .withHint("Raise --timeout, or check the program with `uictl list-windows`; it is still running as pid "
                        + process.pid() + ".")
                .withDetail("kind", "wait").withDetail("wait", "launch").withDetail("pid", process.pid())
                .withDetail("timeout_ms", timeoutMs).withDetail("poll_ms", pollMs)
                .withDetail("last_observation", Map.of("kind", selector == null ? "no_new_window" : "selector_not_found"))),
                elapsedMs);
    }

    public AppList list(CallContext ctx) {
        List<Window> windows = desktop.withView(ctx, DesktopView::windows);
        Map<String, List<Window>> byApp = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (Window w : windows) {
            byApp.computeIfAbsent(w.appName().isEmpty() ? "unknown" : w.appName(), k -> new ArrayList<>()).add(w);
        }
        List<AppList.App> apps = new ArrayList<>();
        byApp.forEach((name, ws) -> apps.add(new AppList.App(name, pids(ws), ws.size(), ws.stream()
                .map(w -> new AppList.AppWindow(w.refId(), w.windowId(), w.title())).toList())));
        return new AppList(apps);
    }

    /** Closes every window of {@code app} (a WM_CLASS class or a pid); with {@code force}, signals what remains. */
    public CloseAppResult close(CallContext ctx, String app, boolean force, long timeoutMs) {
        List<Window> targets = desktop.withView(ctx, v -> v.windows().stream().filter(w -> belongsTo(w, app)).toList());
        if (targets.isEmpty()) {
            List<String> names = list(ctx).apps().stream().map(AppList.App::name).toList();
            throw UictlException.of(ErrorCode.APP_NOT_FOUND, "no application '" + app + "' has windows")
                    .withDetail("app", app).withDetail("available", names);
        }
        List<Long> pids = pids(targets);
        Set<String> xids = targets.stream().map(Window::xid).collect(Collectors.toSet());
        if (closeGracefully(ctx, targets, timeoutMs)) {
            return new CloseAppResult(app, pids, targets.size(), "graceful", true);
        }
        if (!force) {
            throw UictlException.of(ErrorCode.APP_UNRESPONSIVE, "'" + app + "' still has windows " + timeoutMs
                            + " ms after being asked to close (a confirmation dialog?)")
                    .withHint("Run `uictl close-app '" + app + "' --force` to terminate it.")
                    .withDetail("app", app).withDetail("pids", pids).withDelivery(Delivery.DELIVERED_UNVERIFIED);
        }
        String method = terminate(ctx, pids, targets);
        boolean processesGone = pids.stream().noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false));
        return new CloseAppResult(app, pids, targets.size(), method, awaitGone(ctx, xids, SIGNAL_GRACE_MS) && processesGone);
    }

    private String terminate(CallContext ctx, List<Long> pids, List<Window> targets) {
        long self = ProcessHandle.current().pid();
        if (pids.contains(self)) {
            throw UictlException.of(ErrorCode.POLICY_DENIED, "refusing to signal uictl's own process " + self);
        }
        List<ProcessHandle> handles = pids.stream().map(ProcessHandle::of).flatMap(Optional::stream).toList();
        handles.forEach(ProcessHandle::destroy);
        String method = "sigterm";
        if (!awaitExit(handles)) {
            handles.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            awaitExit(handles);
            method = "sigkill";
        }
        List<Window> pidless = targets.stream().filter(w -> w.pid() == null).toList();
        if (!pidless.isEmpty()) {
            desktop.withView(ctx, v -> {
                pidless.forEach(w -> v.system().killClient(DesktopView.xidOf(w)));
                return null;
            });
            method = pids.isEmpty() ? "kill_client" : method;
        }
        return method;
    }

    private static boolean awaitExit(List<ProcessHandle> handles) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SIGNAL_GRACE_MS);
        for (ProcessHandle h : handles) {
            try {
                h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception stillRunning) {
                return false;
            }
        }
        return true;
    }

    /**
     * Asks every window to close and waits for all to go, repeating the request for the ones still there every
     * {@link DesktopService#CLOSE_RETRY_MS} (a request reaching a freshly mapped client can be lost).
     */
    private boolean closeGracefully(CallContext ctx, List<Window> targets, long timeoutMs) {
        Set<String> xids = targets.stream().map(Window::xid).collect(Collectors.toSet());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            desktop.withView(ctx, v -> {
                for (Window w : v.windows()) {
                    if (xids.contains(w.xid())) {
                        try {
                            v.system().close(DesktopView.xidOf(w));
                        } catch (X11Exception.Protocol e) {
                            e.rethrowUnlessWindowGone(); // gone meanwhile: that is the goal
                        }
                    }
                }
                return null;
            });
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (awaitGone(ctx, xids, Math.max(0, Math.min(leftMs, DesktopService.CLOSE_RETRY_MS)))) {
                return true;
            }
            if (leftMs <= DesktopService.CLOSE_RETRY_MS) {
                return false;
            }
        }
    }

    private boolean awaitGone(CallContext ctx, Set<String> xids, long timeoutMs) {
        return desktop.waits().until(ctx, timeoutMs, 100, windows -> windows.stream()
                .noneMatch(w -> xids.contains(w.xid())) ? Optional.of(true) : Optional.<Boolean>empty()).isPresent();
    }

    private static boolean belongsTo(Window w, String app) {
        if (app.chars().allMatch(Character::isDigit) && !app.isEmpty()) {
            return w.pid() != null && w.pid() == Long.parseLong(app);
        }
        return w.appName().equalsIgnoreCase(app);
    }

    private static List<Long> pids(List<Window> windows) {
        return windows.stream().map(Window::pid).filter(p -> p != null).distinct().sorted().toList();
    }

    private static Set<Long> family(Process process) {
        Set<Long> pids = new HashSet<>();
        pids.add(process.pid());
        process.descendants().forEach(d -> pids.add(d.pid()));
        return pids;
    }

    private static Process start(CallContext ctx, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(ctx.cwd().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        // The requesting client's environment (plus its private desktop's) only: never the daemon's, which may
        // have been started by another client (whose LD_PRELOAD or FOO must not reach this program).
        pb.environment().clear();
        pb.environment().putAll(PrivateDesktops.withDesktop(ctx.env()));
        try {
            return pb.start();
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.APP_NOT_FOUND, "cannot start '" + command.getFirst() + "': " + e.getMessage())
                    .withHint("Check the program name and PATH (e.g. `uictl launch xterm`).")
                    .withDetail("command", command).withDelivery(Delivery.NOT_DELIVERED);
        }
    }
}
