package dev.uictl.commands.element;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.element.ChainMode;
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import dev.uictl.engine.desktop.element.ElementActionService;
import dev.uictl.engine.desktop.element.ElementCall;
import java.util.List;

/**
 * The target, options, output and errors every element action shares, and running one. Public for the input and
 * window commands that also take element targets (click, dblclick, focus, type).
 */
public final class ElementParams {
    public static final ParamSpec TARGET = ParamSpec.positional("target", ParamType.STRING,
            "element ref (@e3, @<snapshot_id>:e3) or element query (role=button name=Save; scope it with "
                    + "WINDOW >> QUERY)").asRequired();
    public static final ParamSpec TIMEOUT = ParamSpec.option("timeout", ParamType.INTEGER, "how long to wait for the "
            + "element to be resolvable, showing, enabled and stable, in ms").defaultsTo("5000").between(50, 120_000);
    public static final ParamSpec SEMANTIC_ONLY = ParamSpec.flag("semantic-only",
            "use only the accessibility API, never synthetic input");
    public static final ParamSpec PHYSICAL = ParamSpec.flag("physical",
            "use synthetic input (XTEST) at the element's visible, uncovered centre, not the accessibility API");
    public static final ParamSpec WAIT_FOR = ParamSpec.option("wait-for", ParamType.STRING,
            "after the action, wait until this element target resolves (e.g. 'role=dialog name=Confirm')");
    public static final ParamSpec WAIT_FOR_GONE = ParamSpec.option("wait-for-gone", ParamType.STRING,
            "after the action, wait until this element target no longer resolves");
    public static final ParamSpec WAIT_TIMEOUT = ParamSpec.option("wait-timeout", ParamType.INTEGER,
            "budget for --wait-for / --wait-for-gone in ms").defaultsTo("10000").between(50, 120_000);
    static final OutputType OUTPUT = new OutputType("element-action", ElementActionResult.class,
            "An element action: the steps tried, the mechanism that delivered, the element read back");
    /**
     * What an element action can fail with. A query that matches nothing (its window included) is not an error but
     * what the auto-wait waits out (TIMEOUT, {@code details.kind: actionability}); a drop target that is not there
     * is ELEMENT_NOT_FOUND.
     */
    public static final ErrorCode[] ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.APP_UNRESPONSIVE,
        ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.STALE_REF, ErrorCode.SNAPSHOT_NOT_FOUND, ErrorCode.SELECTOR_INVALID,
        ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.TIMEOUT, ErrorCode.ACTION_FAILED, ErrorCode.ACTION_NOT_SUPPORTED,
        ErrorCode.INVALID_ARGS, ErrorCode.PLATFORM_NOT_SUPPORTED};
    /**
     * What waiting for an element can fail with: the target's failures, never an action's; an element (or window)
     * that is not there, or whose ref went stale, is what the wait waits out.
     */
    public static final ErrorCode[] WAIT_ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.APP_UNRESPONSIVE,
        ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.SNAPSHOT_NOT_FOUND, ErrorCode.SELECTOR_INVALID,
        ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.TIMEOUT, ErrorCode.INVALID_ARGS, ErrorCode.PLATFORM_NOT_SUPPORTED};
    /** What waiting for text can fail with: it names no element, only an optional window to search. */
    public static final ErrorCode[] TEXT_WAIT_ERRORS = {ErrorCode.DEPENDENCY_MISSING, ErrorCode.APP_UNRESPONSIVE,
        ErrorCode.SELECTOR_INVALID, ErrorCode.SELECTOR_AMBIGUOUS, ErrorCode.TIMEOUT, ErrorCode.INVALID_ARGS,
        ErrorCode.PLATFORM_NOT_SUPPORTED};

    private ElementParams() {
    }

    /** A spec with the target, then {@code extra} (positionals first), then the shared options. */
    static CommandSpec.Builder spec(String name, String summary, ParamSpec... extra) {
        return specWithTarget(name, summary, TARGET, extra);
    }

    /** As above with the target declared as {@code target} (fill takes it optional beside --field). */
    static CommandSpec.Builder specWithTarget(String name, String summary, ParamSpec target, ParamSpec... extra) {
        CommandSpec.Builder b = CommandSpec.builder(name, Category.ELEMENTS).summary(summary)
                .description("Waits until the element is actionable, then tries the accessibility API first and "
                        + "synthetic input at its visible centre as a fallback; steps[] lists what was tried, "
                        + "post_state the element read back. A failure says whether anything was delivered.")
                .param(target);
        for (ParamSpec p : extra) {
            b.param(p);
        }
        return b.param(TIMEOUT).param(SEMANTIC_ONLY).param(PHYSICAL).param(WAIT_FOR).param(WAIT_FOR_GONE)
                .param(WAIT_TIMEOUT).output(OUTPUT).errors(ERRORS)
                // input to a program can do anything it does; actions that only set a state say so themselves
                .annotations(ToolAnnotations.destructive());
    }

    static Result run(Args args, CommandContext ctx, ElementAction action, String text) {
        return run(args, ctx, action, text, "down", 3, null);
    }

    static Result run(Args args, CommandContext ctx, ElementAction action, String text, String direction, int amount,
                      String dropOn) {
        ElementActionResult r = perform(args, ctx, action, args.string("target"), text, direction, amount, dropOn,
                5000);
        return Result.of(r, summary(r));
    }

    /** The options every element action shares, for commands that take element targets beside others. */
    public static List<ParamSpec> options() {
        return List.of(TIMEOUT, SEMANTIC_ONLY, PHYSICAL, WAIT_FOR, WAIT_FOR_GONE, WAIT_TIMEOUT);
    }

    /** Runs {@code action} on {@code target} with the shared options of {@code args}. */
    public static ElementActionResult perform(Args args, CommandContext ctx, ElementAction action, String target,
                                              String text, long defaultTimeoutMs) {
        return perform(args, ctx, action, target, text, "down", 3, null, defaultTimeoutMs);
    }

    private static ElementActionResult perform(Args args, CommandContext ctx, ElementAction action, String target,
                                               String text, String direction, int amount, String dropOn,
                                               long defaultTimeoutMs) {
        if (args.has("wait-for") && args.has("wait-for-gone")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "give --wait-for or --wait-for-gone, not both");
        }
        String waitFor = args.has("wait-for") ? args.string("wait-for") : args.stringOr("wait-for-gone", null);
        ElementCall call = new ElementCall(action, target, text, direction, amount, dropOn, mode(args),
                args.integerOr("timeout", defaultTimeoutMs), waitFor, args.has("wait-for-gone"),
                args.integerOr("wait-timeout", 10_000));
        return ctx.service(ElementActionService.class).perform(ctx, call);
    }

    /** One element action with the shared options of {@code args}, for commands that run several (fill --field). */
    static ElementCall call(Args args, ElementAction action, String target, String text) {
        return new ElementCall(action, target, text, "down", 3, null, mode(args),
                args.integerOr("timeout", 5000), null, false, 0);
    }

    public static AgentHints summary(ElementActionResult r) {
        return AgentHints.summary(r.action() + " " + r.element() + ": " + r.delivery() + " (" + r.mechanism() + ")");
    }

    static ChainMode mode(Args args) {
        if (args.flag("semantic-only") && args.flag("physical")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--semantic-only and --physical exclude each other");
        }
        return args.flag("semantic-only") ? ChainMode.SEMANTIC_ONLY : args.flag("physical") ? ChainMode.PHYSICAL
                : ChainMode.AUTO;
    }
}
