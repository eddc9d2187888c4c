package dev.uictl.engine.desktop.env;

import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts one private desktop: Xvfb (display chosen by the server with -displayfd unless asked; only holders of the
 * desktop's cookie may connect), RandR monitors, a private session bus with the AT-SPI bus, openbox. Each step waits for the component's own readiness signal.
 * A failure reaps what was already started and reports the component's log.
 */
final class DesktopLauncher {
    static final String XVFB = "xvfb";
    static final String SESSION_BUS = "session-bus";
    static final String WM = "wm";
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(15);
    private static final String WM_READY = "wm.ready";

    private final Map<String, String> baseEnv;
    private final Spawner spawner;
    private final String path;

    DesktopLauncher(Map<String, String> baseEnv) {
        this.baseEnv = Map.copyOf(baseEnv);
        this.spawner = new Spawner(baseEnv);
        this.path = baseEnv.get("PATH");
    }

    /** Starts the desktop within the call's deadline; a cancelled call reaps what was started and throws. */
    DesktopState start(DesktopOptions o, Path dir, StartupClock clock) {
        DesktopDependencies.check(o, path);
        List<ManagedProcess> started = new ArrayList<>();
        try {
            Path authority = DesktopAuthority.create(dir);
            Spawner.Started xvfb = spawner.start(XVFB, xvfbArgs(o, authority), Map.of(), dir.resolve("xvfb.log"));
            started.add(xvfb.managed());
            String number = await(xvfb, "Xvfb", clock, l -> l.chars().allMatch(Character::isDigit) && !l.isEmpty());
            String display = ":" + number;
            Map<String, String> env = new LinkedHashMap<>();
            String a11yBus = null;
            env.put("DISPLAY", display);
            env.put("XAUTHORITY", authority.toString());
            List<MonitorLayout> monitors = MonitorLayout.sideBySide(o.monitors(), o.width(), o.height());
            configureMonitors(env, monitors, dir, clock);

            if (o.a11y()) {
                Path conf = SessionBusConfig.write(dir);
                Map<String, String> busEnv = new LinkedHashMap<>(env);
                busEnv.put("XDG_RUNTIME_DIR", dir.toString());
                // the bus launcher keeps org.a11y.Status in GSettings: in memory, the desktop's own, so turning
                // accessibility on holds (dconf's write may never land) and never changes the user's real settings
                busEnv.put("GSETTINGS_BACKEND", "memory");
                Spawner.Started bus = spawner.start(SESSION_BUS, List.of("dbus-daemon", "--nofork",
                        "--config-file=" + conf, "--print-address=3"), busEnv, dir.resolve("bus.log"));
                started.add(bus.managed());
                String address = await(bus, "dbus-daemon", clock, l -> l.startsWith("unix:"));
                env.put("DBUS_SESSION_BUS_ADDRESS", address);
                a11yBus = a11yBusAddress(env, dir, clock);
                enableAccessibility(env, dir, clock);
            }
            if (o.wm()) {
                Path marker = dir.resolve(WM_READY);
                Map<String, String> wmEnv = new LinkedHashMap<>(env);
                wmEnv.put("XDG_RUNTIME_DIR", dir.toString());
                // openbox runs --startup once it manages the screen (WM_S0 owned); its spawn closes extra fds, so
                // the announcement is a file whose creation we watch.
                Spawner.Started wm = spawner.start(WM, List.of("openbox", "--sm-disable", "--startup",
                        "sh -c 'echo ready > \"$UICTL_WM_READY\"'"), withMarker(wmEnv, marker), dir.resolve("wm.log"));
                started.add(wm.managed());
                FileAnnouncement.await(marker, wm.process(), STEP_TIMEOUT, clock, "openbox", dir.resolve("wm.log"));
            }
            return new DesktopState(o.name(), display, o.screenWidth(), o.height(), monitors, o.wm(), o.a11y(), env, a11yBus,
                    started, dir.toString(), Instant.now().toString());
        } catch (IOException e) {
            reapQuietly(started);
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot start the desktop: " + e.getMessage()).withCause(e);
        } catch (RuntimeException e) {
            reapQuietly(started);
            throw e;
        }
    }

    private static Map<String, String> withMarker(Map<String, String> env, Path marker) {
        Map<String, String> out = new LinkedHashMap<>(env);
        out.put("UICTL_WM_READY", marker.toString());
        return out;
    }

    private static List<String> xvfbArgs(DesktopOptions o, Path authority) {
        List<String> args = new ArrayList<>(List.of("Xvfb"));
        if (o.display() != null) {
            args.add(":" + o.display());
        }
        // -noreset: otherwise the server resets (and forgets the RandR monitors) whenever its last client leaves.
        // -auth: only holders of the desktop's cookie may connect (other local users included).
        args.addAll(List.of("-displayfd", "3", "-auth", authority.toString(), "-screen", "0",
                o.screenWidth() + "x" + o.height() + "x24", "-nolisten", "tcp", "-noreset", "+extension", "RANDR"));
        return args;
    }

    private static String await(Spawner.Started p, String what, StartupClock clock,
            java.util.function.Predicate<String> accept) {
        long started = System.nanoTime();
        try {
            Optional<String> line = p.awaitLine(accept, clock.step(STEP_TIMEOUT), clock);
            if (line.isEmpty()) {
                throw startFailure(what + " exited before it was ready", p.log());
            }
            return line.get();
        } catch (TimeoutException e) {
            throw notReady(what, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), p.log());
        }
    }

    /** A component that did not announce readiness within its step's time (its own limit or the call's). */
    static UictlException notReady(String what, long waitedMs, Path log) {
        return UictlException.of(ErrorCode.TIMEOUT, what + " did not become ready within " + waitedMs + " ms")
                .withDetail("kind", "desktop_startup").withDetail("timeout_ms", waitedMs)
                .withDetail("log", tail(log))
                .withHint("Check the log in details.log, then retry `uictl desktop up`.");
    }

    /**
     * Sets the RandR 1.5 monitors with xrandr (one round trip each, synchronous), a single one too: otherwise RandR
     * would list Xvfb's own non-primary "screen" monitor while `desktop up` reports UICTL-1 as primary.
     */
    private void configureMonitors(Map<String, String> env, List<MonitorLayout> monitors, Path dir,
            StartupClock clock) throws IOException {
        for (int i = 0; i < monitors.size(); i++) {
            List<String> cmd = new ArrayList<>(List.of("xrandr", "--display", env.get("DISPLAY")));
            cmd.addAll(monitors.get(i).xrandrArgs(i));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("xrandr.log").toFile()));
            waitFor(withEnv(pb, env).start(), "xrandr", dir.resolve("xrandr.log"), clock);
        }
    }

    /**
     * Asks the session bus for the accessibility bus; the call activates at-spi-bus-launcher, which answers only
     * once its bus is listening.
     */
    private String a11yBusAddress(Map<String, String> env, Path dir, StartupClock clock) throws IOException {
        Path out = dir.resolve("a11y.addr");
        Files.deleteIfExists(out);
        askA11yLauncher(env, out, clock, "--print-reply=literal", "org.a11y.Bus.GetAddress");
        String address = Files.readString(out).strip();
        if (!address.startsWith("unix:")) {
            throw startFailure("the accessibility bus did not start: " + address, out);
        }
        return address;
    }

    /**
     * Turns accessibility on as a screen reader does ({@code org.a11y.Status} IsEnabled and ScreenReaderEnabled):
     * Qt without {@code QT_LINUX_ACCESSIBILITY_ALWAYS_ON}, Chromium, Electron and Firefox expose their trees only when
     * they see these set.
     */
    private void enableAccessibility(Map<String, String> env, Path dir, StartupClock clock) throws IOException {
        for (String property : List.of("IsEnabled", "ScreenReaderEnabled")) {
            askA11yLauncher(env, dir.resolve("a11y.status.log"), clock, "--print-reply",
                    "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:" + property,
                    "variant:boolean:true");
        }
    }

    /**
     * One call to at-spi-bus-launcher on the session bus with dbus-send ({@code replyForm}, then the method and its
     * arguments), its reply appended to {@code out}.
     */
    private void askA11yLauncher(Map<String, String> env, Path out, StartupClock clock, String replyForm,
                                 String... call) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("dbus-send", "--session", replyForm,
                "--reply-timeout=" + STEP_TIMEOUT.toMillis(), "--dest=org.a11y.Bus", "/org/a11y/bus"));
        cmd.addAll(List.of(call));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()));
        waitFor(withEnv(pb, env).start(), "dbus-send " + call[0], out, clock);
    }

    /** The caller's base environment plus the desktop's: never the environment of the process running this. */
    private ProcessBuilder withEnv(ProcessBuilder pb, Map<String, String> desktopEnv) {
        pb.environment().clear();
        pb.environment().putAll(baseEnv);
        pb.environment().putAll(desktopEnv);
        return pb;
    }

    /** Waits for a helper program (xrandr, dbus-send) within the step; it is killed if the wait ends first. */
    private static void waitFor(Process p, String what, Path log, StartupClock clock) {
        Deadline step = clock.step(STEP_TIMEOUT);
        long started = System.nanoTime();
        try {
            for (long slice = clock.slice(step); !p.waitFor(slice, TimeUnit.MILLISECONDS); slice = clock.slice(step)) {
                if (slice <= 0) {
                    throw startFailure(what + " did not finish within "
                            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms", log);
                }
            }
            if (p.exitValue() != 0) {
                throw startFailure(what + " failed with exit code " + p.exitValue(), log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw startFailure(what + " was interrupted", log);
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    static UictlException startFailure(String message, Path log) {
        return UictlException.of(ErrorCode.ACTION_FAILED, message).withDetail("log", tail(log))
                .withHint("Read details.log, fix the cause (e.g. `uictl desktop up --display :N` with a free N), "
                        + "then retry `uictl desktop up`.");
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    private static void reapQuietly(List<ManagedProcess> started) {
        for (ManagedProcess p : started.reversed()) {
            try {
                SessionReaper.reap(p);
            } catch (RuntimeException e) {
                System.getLogger("uictl.desktop").log(System.Logger.Level.WARNING, "reaping " + p, e);
            }
        }
    }
}
