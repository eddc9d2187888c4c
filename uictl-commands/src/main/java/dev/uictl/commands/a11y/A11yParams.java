package dev.uictl.commands.a11y;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.call.BoundedCall;
import java.util.List;

/** Checks shared by the accessibility commands. */
final class A11yParams {
    /** What reading elements can fail with; naming an application (snapshot --app/--pid) adds APP_NOT_FOUND. */
    static final ErrorCode[] A11Y_ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.APP_UNRESPONSIVE,
        ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.STALE_REF, ErrorCode.SNAPSHOT_NOT_FOUND,
        ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.SELECTOR_NOT_FOUND, ErrorCode.TIMEOUT,
        ErrorCode.INVALID_ARGS};

    static final ParamSpec TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER, "give up after this many ms; "
            + "a hung application answers APP_UNRESPONSIVE within it").defaultsTo("10000").between(50, 120_000);

    private A11yParams() {
    }

    /** The caller's context bounded by --timeout. */
    static CallContext bounded(Args args, CallContext ctx) {
        return BoundedCall.of(ctx, args.integerOr("timeout", 10_000));
    }

    /** At most one of the scope options. */
    static String scopeOption(Args args, List<String> names) {
        List<String> chosen = names.stream().filter(args::has).toList();
        if (chosen.size() > 1) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "choose one scope; got "
                            + String.join(", ", chosen.stream().map(c -> "--" + c).toList()))
                    .withHint("Run e.g. `uictl snapshot --app gtk3-demo -i` or `uictl snapshot --window @w1`.");
        }
        return chosen.isEmpty() ? null : chosen.getFirst();
    }
}
