package dev.uictl.engine.desktop.env;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.system.Executables;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The programs a private desktop needs, checked before anything starts so a gap is one clear error. */
final class DesktopDependencies {
    private DesktopDependencies() {
    }

    /** Program → Debian package, for what {@code options} will start. */
    static Map<String, String> required(DesktopOptions options) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("setsid", "util-linux");
        out.put("Xvfb", "xvfb");
        if (options.monitors() > 1) {
            out.put("xrandr", "x11-xserver-utils");
        }
        if (options.a11y()) {
            out.put("dbus-daemon", "dbus");
            out.put("dbus-send", "dbus");
        }
        if (options.wm()) {
            out.put("openbox", "openbox");
        }
        return out;
    }

    static void check(DesktopOptions options, String path) {
        List<String> missing = new ArrayList<>();
        List<String> packages = new ArrayList<>();
        required(options).forEach((program, pkg) -> {
            if (Executables.find(program, path).isEmpty()) {
                missing.add(program);
                if (!packages.contains(pkg)) {
                    packages.add(pkg);
                }
            }
        });
        if (options.a11y() && !Files.isReadable(SessionBusConfig.A11Y_SERVICE)) {
            missing.add(SessionBusConfig.A11Y_SERVICE.toString());
            packages.add("at-spi2-core");
        }
        if (!missing.isEmpty()) {
            throw UictlException.of(ErrorCode.DEPENDENCY_MISSING, "cannot start a private desktop: missing "
                    + String.join(", ", missing))
                    .withDetail("missing", missing).withDetail("packages", packages)
                    .withHint("Run `apt-get install " + String.join(" ", packages) + "` (or `scripts/setup`), "
                            + "then `uictl desktop up`" + (options.a11y() || options.wm()
                            ? "; or skip parts with --no-wm / --no-a11y." : "."));
        }
    }
}
