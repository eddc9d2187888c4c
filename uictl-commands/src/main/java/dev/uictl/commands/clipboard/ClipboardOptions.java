package dev.uictl.commands.clipboard;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import dev.uictl.engine.desktop.clipboard.Selection;
import java.time.Duration;

/** The options every clipboard command shares. */
final class ClipboardOptions {
    static final ParamSpec PRIMARY = ParamSpec.flag("primary", "use the PRIMARY selection (select / middle-click) "
            + "instead of CLIPBOARD");
    static final ParamSpec TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER,
            "how long the X server and the selection owner may take, in ms").defaultsTo("2000")
            .between(1, (long) Range.TIMEOUT_MS.max());

    private ClipboardOptions() {
    }

    static Selection selection(Args args) {
        return args.flag("primary") ? Selection.PRIMARY : Selection.CLIPBOARD;
    }

    static Duration timeout(Args args) {
        long ms = args.integerOr("timeout", 2000);
        if (ms <= 0) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--timeout must be positive, got " + ms)
                    .withHint("Use e.g. `uictl clipboard get --timeout 5000`.");
        }
        return Duration.ofMillis(ms);
    }

    static String hex(int window) {
        return "0x" + Integer.toHexString(window);
    }
}
