package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.env.ProcStat;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Set;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Performs element actions as chains: wait until the element is actionable, then try the semantic mechanisms (the
 * accessibility API) and, where allowed, a physical one (synthetic input at a visible, uncovered point), each logged
 * as a step; read the element back and verify the expected state. Everything happens within the request's one
 * deadline. Failures carry the steps and say whether anything was delivered.
 */
public final class ElementActions {
    /** The longest an effect is awaited after a delivered step, inside the request's deadline. */
    static final long VERIFY_MS = 1500;
    /** How long, after its element went away, a process is given to exit or a window to close before neither is said. */
    static final long REMOVAL_SETTLE_MS = 300;
    /** The mechanism a step that activates the element's window logs (the window manager, not the element). */
    static final String WINDOW = "window";

    private final AccessibilityTree tree;
    private final PhysicalInput physical;
    private final Chains chains;

    public ElementActions(AccessibilityTree tree, PhysicalInput physical) {
        this.tree = tree;
        this.physical = physical;
        this.chains = new Chains(tree, physical);
    }

    /** Actions only synthetic input can deliver: their wait includes the cover check. */
    private static final Set<ElementAction> PHYSICAL_ONLY = EnumSet.of(ElementAction.DOUBLE_CLICK,
            ElementAction.TRIPLE_CLICK, ElementAction.HOVER, ElementAction.SCROLL, ElementAction.DRAG);

    public ElementActionResult perform(ActionRequest request) {
        List<ActionStep> log = new ArrayList<>();
        boolean physicalOnly = request.mode() == ChainMode.PHYSICAL || PHYSICAL_ONLY.contains(request.action());
        Actionability.Ready ready = Actionability.await(tree, request,
                physicalOnly ? s -> uncover(s, log) : Actionability.Cover.NONE);
        if (request.action() == ElementAction.FOCUS) {
            activateWindow(ready.state(), log);
        }
        Chain chain;
        try {
            chain = chains.forRequest(request, ready.handle(), ready.state());
        } catch (UictlException refused) {
            // decided from what the element can take, before any of this action was sent
            throw refused.delivery() != null ? refused : refused.withDelivery(Delivery.NOT_DELIVERED);
        }
        if (chain.alreadyDone()) {
            log.add(new ActionStep("state already " + chain.description(), "none", "skipped", null));
            return result(request, ready, log, "none", ready.state(), true, Delivery.DELIVERED_VERIFIED);
        }
        boolean deliveredAny = false;
        boolean provenUntouched = false; // the last delivered step read back as having done nothing
        ElementState last = ready.state();
        // an action whose effect cannot be read from the element may close its window or end its program: which
        // windows the process had tells, afterwards, what went away
        Set<String> windowsBefore = chain.expected() == null ? physical.windowsOf(last.pid()) : Set.of();
        for (Chain.Step step : chain.steps()) {
            if (!request.mode().allows(step.mechanism())) {
                log.add(new ActionStep(step.label(), step.mechanism().wireName(), "skipped", "excluded by the mode"));
                continue;
            }
            if (deliveredAny && !request.action().retryable && !provenUntouched) {
                break;
            }
            String outcome;
            String detail = null;
            try {
                Chain.StepContext sc = new Chain.StepContext(ready.handle(), last, request.deadline(),
                        request.cancellation());
                Optional<String> skip = step.mechanism() == Mechanism.PHYSICAL ? physicalBlocker(sc, log)
                        : Optional.empty();
                if (skip.isPresent()) {
                    outcome = "skipped";
                    detail = skip.get();
                } else {
                    outcome = switch (step.attempt().run(sc)) {
                        case DELIVERED -> "delivered";
                        case REFUSED -> "refused";
                        case SKIPPED -> "skipped";
                    };
                }
            } catch (UictlException e) {
                if (e.code() == ErrorCode.STALE_REF || e.code() == ErrorCode.APP_UNRESPONSIVE) {
                    throw e.withDetail("steps", log).withDelivery(deliveredAny ? Delivery.DELIVERY_UNCERTAIN
                            : Delivery.NOT_DELIVERED);
                }
                outcome = "failed";
                detail = e.getMessage();
            }
            if (!outcome.equals("delivered")) {
                log.add(new ActionStep(step.label(), step.mechanism().wireName(), outcome, detail));
                continue;
            }
            deliveredAny = true;
            if (chain.expected() == null) {
                log.add(new ActionStep(step.label(), step.mechanism().wireName(), "delivered", null));
                last = readBack(ready.handle(), request.deadline());
                if (last == null) {
                    Effect effect = effectOfRemoval(ready.state().pid(), windowsBefore, request);
                    return result(request, ready, log, step.mechanism().wireName(), null, effect.verified,
                            effect.verified ? Delivery.DELIVERED_VERIFIED : Delivery.DELIVERED_UNVERIFIED)
                            .withEffect(effect.wireName());
                }
                return result(request, ready, log, step.mechanism().wireName(), last, false,
                        Delivery.DELIVERED_UNVERIFIED);
            }
            Optional<ElementState> verified = awaitState(ready.handle(), chain.expected(), request);
            if (verified.isPresent()) {
                log.add(new ActionStep(step.label(), step.mechanism().wireName(), "delivered", null));
                return result(request, ready, log, step.mechanism().wireName(), verified.get(), true,
                        Delivery.DELIVERED_VERIFIED);
            }
            ElementState after = readBack(ready.handle(), request.deadline());
            log.add(new ActionStep(step.label(), step.mechanism().wireName(), "unverified",
                    after == null ? "the element is gone" : "read back: " + PostState.of(after)));
            if (after == null) {
                break;
            }
            provenUntouched = chain.untouched() != null && chain.untouched().test(after);
            last = after;
        }
        throw failure(request, chain, log, deliveredAny, last);
    }

    /** Why the physical fallback cannot aim at the element now, empty when it can. */
    private Optional<String> physicalBlocker(Chain.StepContext sc, List<ActionStep> log) {
        int[] screen = physical.screenSize();
        if (!sc.state().bounds().onScreen(screen[0], screen[1])) {
            return Optional.of("the element is not on screen (bounds " + sc.state().bounds() + ")");
        }
        Point centre = sc.state().bounds().centre();
        return uncover(sc.state(), log).map(w -> "the point " + centre.x() + "," + centre.y() + " is covered by " + w);
    }

    /**
     * What covers the element's centre after raising its window when another window was on top; each raise is
     * logged once as a step.
     */
    private Optional<String> uncover(ElementState s, List<ActionStep> log) {
        Point centre = s.bounds().centre();
        Optional<String> cover = physical.coveredAt(centre, s.pid());
        if (cover.isEmpty()) {
            return cover;
        }
        Optional<String> raised = physical.raise(centre, s.pid());
        ActionStep step = new ActionStep("raise the element's window", WINDOW, raised.isPresent() ? "delivered"
                : "failed", cover.get() + " covered " + centre.x() + "," + centre.y());
        if (!log.contains(step)) {
            log.add(step);
        }
        return raised.isPresent() ? physical.coveredAt(centre, s.pid()) : cover;
    }

    /** Focus goes to an element's window first: toolkits report a widget focused only in the active window. */
    private void activateWindow(ElementState s, List<ActionStep> log) {
        if (s.has("focused")) {
            return;
        }
        Optional<String> raised = physical.raise(s.bounds().centre(), s.pid());
        log.add(new ActionStep("activate the element's window", WINDOW, raised.isPresent() ? "delivered" : "skipped",
                raised.orElse("no window of process " + s.pid() + " found")));
    }

    /** What an action that removed its element ended; the first two are the action's whole effect. */
    enum Effect {
        APPLICATION_EXITED(true), WINDOW_CLOSED(true), ELEMENT_REMOVED(false);

        final boolean verified;

        Effect(boolean verified) {
            this.verified = verified;
        }

        String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Why the element is gone after a delivered action: its process exited (an OK that ends the program), a window
     * it had before is gone (a dialog closed), or only the element went away. The first two are verified successes:
     * a click that closes its window did what it was for, and retrying it would act twice.
     */
    private Effect effectOfRemoval(long pid, Set<String> windowsBefore, ActionRequest request) {
        // the element leaves the bus before the process exits or the window manager unmaps the window
        Deadline settle = request.deadline().min(Deadline.afterMillis(REMOVAL_SETTLE_MS));
        while (true) {
            if (pid > 0 && !ProcStat.running(pid)) {
                return Effect.APPLICATION_EXITED;
            }
            if (!physical.windowsOf(pid).containsAll(windowsBefore)) {
                return Effect.WINDOW_CLOSED;
            }
            if (settle.remainingMillis() <= 0) {
                return Effect.ELEMENT_REMOVED;
            }
            request.cancellation().sleep(Math.min(20, settle.remainingMillis()));
        }
    }

    /** The element after the action; null when the action removed it (a dismissing button). */
    private ElementState readBack(ElementHandle handle, Deadline deadline) {
        try {
            return tree.read(handle, deadline);
        } catch (UictlException e) {
            if (e.code() == ErrorCode.STALE_REF) {
                return null;
            }
            throw e;
        }
    }

    private Optional<ElementState> awaitState(ElementHandle handle, Predicate<ElementState> expected,
                                              ActionRequest request) {
        return StateWait.until(() -> readBack(handle, request.deadline()), expected,
                request.deadline().min(Deadline.afterMillis(VERIFY_MS)), request.cancellation());
    }

    private static ElementActionResult result(ActionRequest request, Actionability.Ready ready, List<ActionStep> log,
                                              String mechanism, ElementState after, boolean verified,
                                              Delivery delivery) {
        return new ElementActionResult(request.action().wireName(), request.target(),
                ready.state().role() + " \"" + ready.state().name() + "\"", ready.state().bounds(), List.copyOf(log),
                mechanism,
                after == null ? null : PostState.of(after), verified, delivery.wireName(), null, ready.waitedMs(), null,
                null);
    }

    private static UictlException failure(ActionRequest request, Chain chain, List<ActionStep> log,
                                          boolean deliveredAny, ElementState last) {
        boolean triedAny = log.stream().anyMatch(s -> !s.outcome().equals("skipped") && !s.mechanism().equals(WINDOW));
        ErrorCode code = triedAny ? ErrorCode.ACTION_FAILED : ErrorCode.ACTION_NOT_SUPPORTED;
        // the flag that left out the other mechanisms: the way out is dropping it, not adding --physical
        String flag = request.mode() == ChainMode.AUTO ? null
                : "--" + request.mode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        String message = deliveredAny
                ? "`" + request.action().wireName() + "` reached '" + request.target() + "' but the element did not become "
                + chain.description()
                : triedAny ? "every way to " + request.action().wireName() + " '" + request.target() + "' was refused or failed"
                : "no mechanism can " + request.action().wireName() + " this " + last.role()
                + (flag == null ? "" : " with " + flag);
        return UictlException.of(code, message)
                .withDetail("steps", log)
                .withDetail("post_state", PostState.of(last))
                .withDelivery(deliveredAny ? Delivery.DELIVERED_UNVERIFIED : Delivery.NOT_DELIVERED)
                .withHint(deliveredAny ? "Check the element with `uictl get element " + request.quotedTarget()
                        + " --property states` before retrying."
                        : alternative(request, chain, flag) + "`uictl get element " + request.quotedTarget()
                        + " --property actions` lists its actions.");
    }

    /** What else to try: the mechanisms a flag left out, or --physical only when the chain has a physical step. */
    private static String alternative(ActionRequest request, Chain chain, String flag) {
        if (flag != null) {
            return "Try it without " + flag + ", or another action; ";
        }
        boolean physical = chain.steps().stream().anyMatch(s -> s.mechanism() == Mechanism.PHYSICAL);
        return physical ? "Try `--physical`, or another action; "
                : request.action() == ElementAction.SCROLL_TO ? "Scroll the list or page that holds it with the "
                + "wheel, `uictl scroll 'role=table name=NAME' --amount 5`, and check again; "
                : "Try another action; ";
    }
}
