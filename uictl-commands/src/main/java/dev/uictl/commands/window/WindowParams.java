package dev.uictl.commands.window;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Range;
import java.util.ArrayList;
import java.util.List;

/** Parameters and error lists shared by the window commands. */
final class WindowParams {
    static final ParamSpec SELECTOR = ParamSpec.positional("selector", ParamType.STRING,
            "Window selector: @w3, id=win5, xid=0x…, pid=N, title=Exact, title~=sub, title=/re/, class=C, focused; "
                    + "terms separated by spaces AND together");
    static final ParamSpec TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER, "Milliseconds to wait")
            .defaultsTo("10000").within(Range.TIMEOUT_MS);
    static final ParamSpec POLL_MS = ParamSpec.option("poll-ms", ParamType.INTEGER,
            "Longest pause between re-checks; X events wake the wait earlier").defaultsTo("250").between(1, 60_000);
    static final List<ErrorCode> SELECTOR_ERRORS = List.of(ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_NOT_FOUND,
            ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.STALE_REF, ErrorCode.WINDOW_NOT_FOUND);
    static final ErrorCode[] DISPLAY_ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED,
        ErrorCode.PLATFORM_NOT_SUPPORTED};

    private WindowParams() {
    }

    static ErrorCode[] selectorAndDisplayErrors(ErrorCode... more) {
        List<ErrorCode> all = new ArrayList<>(SELECTOR_ERRORS);
        all.addAll(List.of(DISPLAY_ERRORS));
        all.addAll(List.of(more));
        return all.toArray(ErrorCode[]::new);
    }
}
