package dev.uictl.engine.desktop.env;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.PrivateDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Supervisor of private headless desktops. It holds no state in memory: every desktop is persisted in the
 * caller's private runtime directory, so `up`, `down` and `status` agree whichever process runs them (daemon,
 * in-process CLI, test). `up` is idempotent per name; several named desktops run side by side.
 */
public final class PrivateDesktops {
    /** Variables of the caller that must not leak into a private desktop's processes. */
    private static final Set<String> FOREIGN = Set.of("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS",
            "XDG_RUNTIME_DIR", "XAUTHORITY", "WAYLAND_DISPLAY", "SESSION_MANAGER");

    /** The outcome of `up`: the desktop and whether this call started it. */
    public record Up(DesktopState desktop, boolean created) {
    }

    /** The outcome of `down` for one desktop: the processes signalled. */
    public record Down(DesktopState desktop, List<Long> signalled) {
    }

    /** The store in the caller's runtime directory ($UICTL_RUNTIME_DIR, $XDG_RUNTIME_DIR/uictl, ~/.cache/uictl). */
    public DesktopStore store(Map<String, String> callerEnv) {
        DaemonAddress address = DaemonAddress.forEnvironment(callerEnv);
        try {
            address.ensurePrivateDir();
        } catch (PrivateDirectory.Untrusted e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, "runtime directory " + address.runtimeDir()
                    + " is not usable: " + e.getMessage()).withHint(e.hint());
        } catch (IOException | SecurityException e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, "runtime directory " + address.runtimeDir()
                    + " is not usable: " + e.getMessage());
        }
        return new DesktopStore(address.runtimeDir());
    }

    /**
     * The name a command means when it gives none: the desktop of the caller's $DISPLAY if that is one of ours,
     * else {@value DesktopOptions#DEFAULT_NAME}.
     */
    public String implicitName(DesktopStore store, Map<String, String> callerEnv) {
        String display = callerEnv.get("DISPLAY");
        if (display != null && !display.isEmpty()) {
            for (DesktopState d : store.all()) {
                if (sameDisplay(d.display(), display)) {
                    return d.name();
                }
            }
        }
        return DesktopOptions.DEFAULT_NAME;
    }

    /**
     * Starts (or finds) the desktop. Its processes get {@code callerEnv}, the requesting client's environment,
     * without the caller's own display, buses and authority: never the environment of the process running this.
     */
    public Up up(DesktopStore store, DesktopOptions options, DesktopRequestFlags given, Map<String, String> callerEnv) {
        return up(store, options, given, callerEnv, Cancellation.NEVER, Deadline.NONE);
    }

    /**
     * Starts (or finds) the desktop for a call: every start step ends by the call's {@code deadline}, and a
     * cancelled call (client gone, daemon stopping) reaps what was started and ends at once.
     */
    public Up up(DesktopStore store, DesktopOptions options, DesktopRequestFlags given, Map<String, String> callerEnv,
            Cancellation cancellation, Deadline deadline) {
        try (DesktopStore.Lock ignored = store.lock(options.name())) {
            Optional<DesktopState> existing = store.load(options.name());
            if (existing.isPresent()) {
                DesktopState d = existing.get();
                if (d.alive()) {
                    if (!d.satisfies(options, given)) {
                        throw UictlException.of(ErrorCode.INVALID_ARGS, "desktop '" + d.name() + "' already runs on "
                                + d.display() + " with other settings")
                                .withDetail("desktop", d.name()).withDetail("display", d.display())
                                .withHint("Run `uictl desktop down --name " + d.name() + "` first, or start another "
                                        + "with `uictl desktop up --name other`.");
                    }
                    return new Up(d, false);
                }
                reapAll(d);
            }
            Path dir = store.freshDir(options.name());
            DesktopState started = new DesktopLauncher(baseEnv(callerEnv)).start(options, dir,
                    new StartupClock(cancellation, deadline));
            try {
                store.save(started);
            } catch (IOException e) {
                reapAll(started);
                throw e;
            }
            return new Up(started, true);
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "desktop state: " + e.getMessage()).withCause(e);
        }
    }

    /** Stops the named desktop: every process of its sessions, then its state. Absent → empty. */
    public Optional<Down> down(DesktopStore store, String name) {
        try (DesktopStore.Lock ignored = store.lock(name)) {
            Optional<DesktopState> state = store.load(name);
            if (state.isEmpty()) {
                store.remove(name);
                return Optional.empty();
            }
            List<Long> signalled = reapAll(state.get());
            store.remove(name);
            return Optional.of(new Down(state.get(), signalled));
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "desktop state: " + e.getMessage()).withCause(e);
        }
    }

    /**
     * The caller's environment plus, when its DISPLAY is one of the caller's private desktops, that desktop's own
     * variables (its XAUTHORITY above all): what uictl's connections and the programs it starts for the caller
     * use, so `export DISPLAY=:N` alone still reaches a desktop that admits only holders of its cookie.
     */
    public static Map<String, String> withDesktop(Map<String, String> callerEnv) {
        String display = callerEnv.get("DISPLAY");
        if (display == null || display.isEmpty()) {
            return callerEnv;
        }
        List<DesktopState> desktops;
        try {
            desktops = new DesktopStore(DaemonAddress.forEnvironment(callerEnv).runtimeDir()).all();
        } catch (java.io.UncheckedIOException unreadable) {
            return callerEnv;
        }
        for (DesktopState d : desktops) {
            if (sameDisplay(d.display(), display)) {
                Map<String, String> env = new HashMap<>(callerEnv);
                env.putAll(d.env());
                return env;
            }
        }
        return callerEnv;
    }

    public List<DesktopState> status(DesktopStore store) {
        return store.all();
    }

    /** The window manager first, the X server last, so clients see an orderly end. */
    private static List<Long> reapAll(DesktopState d) {
        List<Long> signalled = new ArrayList<>();
        List<String> order = List.of(DesktopLauncher.WM, DesktopLauncher.SESSION_BUS, DesktopLauncher.XVFB);
        for (String role : order) {
            ManagedProcess p = d.process(role);
            if (p != null) {
                try {
                    signalled.addAll(SessionReaper.reap(p));
                } catch (IllegalStateException e) {
                    throw UictlException.of(ErrorCode.ACTION_FAILED, e.getMessage())
                            .withHint("Kill the listed pids by hand, then run `uictl desktop down --name "
                                    + d.name() + "` again.");
                }
            }
        }
        return signalled;
    }

    private static Map<String, String> baseEnv(Map<String, String> callerEnv) {
        Map<String, String> env = new HashMap<>(callerEnv);
        env.keySet().removeAll(FOREIGN);
        return env;
    }

    static boolean sameDisplay(String a, String b) {
        try {
            return DesktopOptions.parseDisplay(a) == DesktopOptions.parseDisplay(b);
        } catch (UictlException e) {
            return false;
        }
    }
}
