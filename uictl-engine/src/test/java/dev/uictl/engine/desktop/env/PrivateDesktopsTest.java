package dev.uictl.engine.desktop.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.testkit.Poll;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.wire.X11Exception;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDesktopsTest {
    @TempDir
    Path runtime;
    private final PrivateDesktops desktops = new PrivateDesktops();
    private DesktopStore store;
    private final List<DesktopState> started = new ArrayList<>();

    @BeforeEach
    void store() {
        store = desktops.store(Map.of("UICTL_RUNTIME_DIR", runtime.toString()));
    }

    @AfterEach
    void downAll() {
        for (DesktopState d : store.all()) {
            desktops.down(store, d.name());
        }
    }

    private DesktopState up(DesktopOptions o) {
        DesktopState d = desktops.up(store, o, DesktopRequestFlags.NONE, System.getenv()).desktop();
        started.add(d);
        return d;
    }

    private static DesktopOptions options(String name, int monitors, boolean wm, boolean a11y) {
        return new DesktopOptions(name, null, 800, 600, monitors, wm, a11y);
    }

    @Test
    void upStartsEveryComponentAndDownReapsThemAll() throws Exception {
        DesktopState d = up(options("full", 1, true, true));

        assertThat(d.alive()).isTrue();
        // Toolkits find the accessibility bus through the session bus, as on a user's desktop: Qt 6 does not register
        // on a bus named by AT_SPI_BUS_ADDRESS.
        assertThat(d.env()).containsKeys("DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS")
                .doesNotContainKey("AT_SPI_BUS_ADDRESS");
        // Accessibility is on, as a screen reader turns it on: Qt, Chromium and Firefox expose their trees then.
        for (String property : List.of("IsEnabled", "ScreenReaderEnabled")) {
            assertThat(run(d, "dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus",
                    "/org/a11y/bus", "org.freedesktop.DBus.Properties.Get", "string:org.a11y.Status",
                    "string:" + property)).as(property).contains("boolean true");
        }
        assertThat(d.processes()).extracting(ManagedProcess::role)
                .containsExactly(DesktopLauncher.XVFB, DesktopLauncher.SESSION_BUS, DesktopLauncher.WM);
        assertThat(d.processes()).allSatisfy(p -> assertThat(p.alive()).as(p.role()).isTrue());
        // Independent oracles: xdpyinfo for the screen, xprop for the WM's EWMH check window.
        assertThat(run(d, "xdpyinfo")).contains("dimensions:    800x600 pixels");
        assertThat(run(d, "xprop", "-root", "_NET_SUPPORTING_WM_CHECK")).contains("window id #");
        // The a11y bus answers on its own address.
        assertThat(run(d, "dbus-send", "--bus=" + d.a11yBus(), "--print-reply",
                "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId"))
                .contains("string");
        // The bus launcher and its children live in the session bus's session, the one down reaps.
        long busSession = d.process(DesktopLauncher.SESSION_BUS).pid();
        assertThat(ProcStat.sessionMembers(busSession)).hasSizeGreaterThan(1);

        assertThat(desktops.down(store, "full")).isPresent();

        for (ManagedProcess p : d.processes()) {
            assertThat(p.alive()).as(p.role()).isFalse();
            assertThat(ProcStat.sessionMembers(p.pid())).as("session of " + p.role()).isEmpty();
        }
        assertThat(Path.of("/tmp/.X11-unix/X" + d.displayNumber())).doesNotExist();
        assertThat(d.dir()).doesNotExist();
        assertThat(desktops.status(store)).isEmpty();
    }

    @Test
    void theDesktopAdmitsOnlyHoldersOfItsPrivateCookie() throws Exception {
        DesktopState d = up(options("auth", 1, false, false));
        Path authority = Path.of(d.env().get("XAUTHORITY"));
        assertThat(authority.getParent()).isEqualTo(d.dir());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(authority))).isEqualTo("rw-------");
        assertThat(run(d, "xdpyinfo")).contains("dimensions:    800x600 pixels");
        // xdpyinfo with no cookie is refused by the server itself
        ProcessBuilder pb = new ProcessBuilder("xdpyinfo").redirectErrorStream(true);
        pb.environment().put("DISPLAY", d.display());
        pb.environment().put("XAUTHORITY", runtime.resolve("none").toString());
        Process p = pb.start();
        assertThat(new String(p.getInputStream().readAllBytes())).contains("Authorization required");
        assertThat(p.waitFor()).isNotZero();
        assertThatThrownBy(() -> X11Connection.open(d.display(), Map.of("XAUTHORITY", "/nonexistent")).close())
                .isInstanceOf(X11Exception.ConnectFailed.class);
        // a caller that names only the display (and its runtime directory) is given the desktop's own cookie
        Map<String, String> displayOnly = PrivateDesktops.withDesktop(Map.of("DISPLAY", d.display(),
                "UICTL_RUNTIME_DIR", runtime.toString()));
        assertThat(displayOnly).containsEntry("XAUTHORITY", authority.toString());
        try (X11Connection c = X11Connection.open(d.display(), displayOnly)) {
            assertThat(c.screen().widthPx()).isEqualTo(800);
        }
    }

    @Test
    void upIsIdempotentPerNameAndStatusAgreesFromAnotherSupervisor() {
        DesktopState first = up(options("same", 1, false, false));
        PrivateDesktops.Up second = desktops.up(store, options("same", 1, false, false), DesktopRequestFlags.NONE,
                System.getenv());

        assertThat(second.created()).isFalse();
        assertThat(second.desktop()).isEqualTo(first);
        PrivateDesktops other = new PrivateDesktops();
        assertThat(other.status(other.store(Map.of("UICTL_RUNTIME_DIR", runtime.toString()))))
                .extracting(DesktopState::display).containsExactly(first.display());
    }

    @Test
    void concurrentUpsOfOneNameStartOneDesktop() throws Exception {
        List<java.util.concurrent.Future<PrivateDesktops.Up>> ups = new ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 3; i++) {
                ups.add(pool.submit(() -> desktops.up(store, options("race", 1, false, false),
                        DesktopRequestFlags.NONE, System.getenv())));
            }
        }
        List<PrivateDesktops.Up> results = new ArrayList<>();
        for (var f : ups) {
            results.add(f.get());
        }
        assertThat(results).filteredOn(PrivateDesktops.Up::created).hasSize(1);
        assertThat(results).extracting(u -> u.desktop().display()).containsOnly(results.getFirst().desktop().display());
    }

    @Test
    void twoDesktopsRunSideBySideAndGoDownIndependently() {
        DesktopState a = up(options("a", 1, false, false));
        DesktopState b = up(options("b", 2, true, false));

        assertThat(a.display()).isNotEqualTo(b.display());
        assertThat(desktops.status(store)).extracting(DesktopState::name).containsExactly("a", "b");
        desktops.down(store, "a");
        assertThat(a.alive()).isFalse();
        assertThat(b.alive()).isTrue();
        assertThat(desktops.status(store)).extracting(DesktopState::name).containsExactly("b");
    }

    @Test
    void monitorsAreRandrMonitorsSideBySide() throws Exception {
        DesktopState d = up(new DesktopOptions("multi", null, 640, 480, 3, false, false));

        String listing = run(d, "xrandr", "--listmonitors");
        assertThat(listing).contains("Monitors: 3")
                .contains("*UICTL-1 640/").contains("+0+0")
                .contains("UICTL-2 640/").contains("+640+0")
                .contains("UICTL-3 640/").contains("+1280+0");
        assertThat(run(d, "xdpyinfo")).contains("dimensions:    1920x480 pixels");
    }

    /** `desktop up` reports UICTL-1 as primary; RandR (what `get monitors` reads) must say the same. */
    @Test
    void aSingleMonitorIsTheRandrMonitorDesktopUpReports() throws Exception {
        DesktopState d = up(new DesktopOptions("single", null, 640, 480, 1, false, false));

        assertThat(d.monitors()).containsExactly(new MonitorLayout("UICTL-1", 0, 0, 640, 480, true));
        assertThat(run(d, "xrandr", "--listmonitors")).contains("Monitors: 1").contains("*UICTL-1 640/")
                .contains("+0+0");
    }

    @Test
    void explicitSettingsThatDifferFromTheRunningDesktopAreRefused() {
        up(options("fixed", 1, false, false));
        DesktopRequestFlags monitorsGiven = new DesktopRequestFlags(false, false, true, false, false);

        assertThatThrownBy(() -> desktops.up(store, options("fixed", 2, false, false), monitorsGiven,
                System.getenv()))
                .isInstanceOfSatisfying(UictlException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }

    @Test
    void aDeadDesktopIsReplacedByAFreshOne() throws Exception {
        DesktopState d = up(options("crashy", 1, false, false));
        ProcessHandle xvfb = ProcessHandle.of(d.process(DesktopLauncher.XVFB).pid()).orElseThrow();
        xvfb.destroyForcibly();
        xvfb.onExit().get();

        assertThat(desktops.status(store)).singleElement().satisfies(s -> assertThat(s.alive()).isFalse());
        PrivateDesktops.Up again = desktops.up(store, options("crashy", 1, false, false), DesktopRequestFlags.NONE,
                System.getenv());
        assertThat(again.created()).isTrue();
        assertThat(again.desktop().alive()).isTrue();
    }

    @Test
    void aDisplayInUseIsAStructuredFailureAndLeavesNothingBehind() throws IOException {
        DesktopState d = up(options("holder", 1, false, false));

        assertThatThrownBy(() -> desktops.up(store, new DesktopOptions("clash", d.displayNumber(), 800, 600, 1, false,
                false), DesktopRequestFlags.NONE, System.getenv()))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
                    assertThat(e.details().get("log").toString()).contains("server already running");
                });
        assertThat(desktops.status(store)).extracting(DesktopState::name).containsExactly("holder");
        assertThat(Files.exists(store.dirOf("clash").resolve("desktop.json"))).isFalse();
    }

    /** A window manager that starts but never announces readiness: the start waits at its last step. */
    private Map<String, String> envWithSilentWm(Path bin) throws IOException {
        Files.createDirectories(bin);
        Path wm = bin.resolve("openbox");
        Files.writeString(wm, "#!/bin/sh\necho $$ > \"" + bin.resolve("wm.pid") + "\"\nexec sleep 120\n");
        wm.toFile().setExecutable(true);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        return env;
    }

    private List<ProcessHandle> processesOf(String desktop) {
        String dir = store.dirOf(desktop).toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(dir)).toList();
    }

    @Test
    void aCancelledStartEndsAtOnceAndReapsWhatItStarted() throws Exception {
        Path bin = runtime.resolve("silent-wm");
        Map<String, String> env = envWithSilentWm(bin);
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Throwable> up = CompletableFuture.supplyAsync(() -> {
            try {
                desktops.up(store, options("cancelled", 1, true, false), DesktopRequestFlags.NONE, env,
                        cancellation, Deadline.NONE);
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        }, Thread::startVirtualThread);
        Path pidFile = bin.resolve("wm.pid");
        Poll.until("the silent window manager started", () -> pidFile.toFile().length() > 0);
        long wmPid = Long.parseLong(Files.readString(pidFile).strip());
        assertThat(processesOf("cancelled")).as("Xvfb of the desktop being started").isNotEmpty();

        long cancelledAt = System.nanoTime();
        cancellation.cancel("client disconnected");
        // Without the token the start would wait out openbox's 15 s step.
        assertThat(up.get(10, TimeUnit.SECONDS)).isInstanceOf(Cancellation.CancelledException.class);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt)).isLessThan(5_000);
        assertThat(ProcessHandle.of(wmPid).map(ProcessHandle::isAlive).orElse(false)).as("openbox reaped").isFalse();
        assertThat(processesOf("cancelled")).as("Xvfb reaped").isEmpty();
        assertThat(desktops.status(store)).isEmpty();
    }

    @Test
    void aStartEndsAtTheCallsDeadlineWithATimeout() throws Exception {
        Map<String, String> env = envWithSilentWm(runtime.resolve("silent-wm"));
        long start = System.nanoTime();
        assertThatThrownBy(() -> desktops.up(store, options("late", 1, true, false), DesktopRequestFlags.NONE, env,
                Cancellation.NEVER, Deadline.afterMillis(2_000)))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.getMessage()).contains("openbox did not become ready");
                });
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
        assertThat(processesOf("late")).as("Xvfb reaped").isEmpty();
    }

    @Test
    void missingProgramsAreOneDependencyMissingWithTheirPackages() {
        DesktopOptions o = options("deps", 2, true, true);
        assertThatThrownBy(() -> DesktopDependencies.check(o, "/nonexistent"))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.DEPENDENCY_MISSING);
                    assertThat(e.hint()).contains("apt-get install util-linux xvfb x11-xserver-utils dbus openbox");
                    assertThat(e.details().get("missing").toString()).contains("Xvfb", "openbox", "xrandr");
                });
        DesktopDependencies.check(o, System.getenv("PATH"));
    }

    @Test
    void badOptionsAreInvalidArgs() {
        assertThatThrownBy(() -> DesktopOptions.parseSize("big")).isInstanceOf(UictlException.class);
        assertThatThrownBy(() -> DesktopOptions.parseDisplay("host:0")).isInstanceOf(UictlException.class);
        assertThatThrownBy(() -> options("../x", 1, false, false)).isInstanceOf(UictlException.class);
        assertThatThrownBy(() -> options("m", 9, false, false)).isInstanceOf(UictlException.class);
        assertThat(DesktopOptions.parseDisplay(":12.0")).isEqualTo(12);
    }

    private static String run(DesktopState d, String... argv) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
        pb.environment().putAll(d.env());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }
}
