package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.BoundedCall;
import dev.uictl.engine.desktop.input.Point;
import dev.uictl.engine.desktop.model.ScreenSize;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.AccessibilityBackend;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import dev.uictl.engine.desktop.spi.InputInjection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Element actions for commands: one deadline per call (the caller's, bounded by the action's timeout), the target
 * resolved through the accessibility port on every poll, the physical fallback through the input port, and the
 * optional consequence awaited afterwards.
 */
public final class ElementActionService {
    private final Supplier<AccessibilityBackend> backend;
    private final Supplier<InputInjection> input;
    private final Supplier<DesktopService> desktop;

    public ElementActionService(Supplier<AccessibilityBackend> backend, Supplier<InputInjection> input,
                                Supplier<DesktopService> desktop) {
        this.backend = backend;
        this.input = input;
        this.desktop = desktop;
    }

    public ElementActionResult perform(CallContext ctx, ElementCall call) {
        AccessibilityBackend a11y = backend.get();
        AccessibilityTree tree = a11y.tree(ctx);
        Deadline deadline = ctx.deadline().min(Deadline.afterMillis(call.timeoutMs()));
        PhysicalInput physical = new PortPhysicalInput(ctx, input.get(), desktop.get());
        ElementLocator locator = d -> a11y.locate(new BoundedCall(ctx, d), call.target());
        Point drop = call.dropOn() == null ? null : dropPoint(ctx, a11y, tree, desktop.get(), call.dropOn(), deadline);
        ElementActionResult r = new ElementActions(tree, physical).perform(new ActionRequest(call.action(),
                call.target(), locator, call.text(), call.direction(), call.amount(), drop, call.mode(), deadline,
                ctx.cancellation()));
        return call.waitFor() == null ? r : r.withConsequence(awaitConsequence(ctx, a11y, call, r));
    }

    /**
     * fill --field: sets each field in order (each with its own auto-wait and read-back), then clicks the submit
     * target; stops at the first failure, whose error lists the parts already done.
     */
    public ElementActionResult fillForm(CallContext ctx, List<ElementCall> steps) {
        List<ElementActionResult.Part> parts = new ArrayList<>();
        long waited = 0;
        for (ElementCall step : steps) {
            ElementActionResult r;
            try {
                r = perform(ctx, step);
            } catch (UictlException e) {
                if (parts.isEmpty()) {
                    throw e;
                }
                Delivery d = e.delivery() == null || e.delivery() == Delivery.NOT_DELIVERED
                        ? Delivery.DELIVERED_UNVERIFIED : e.delivery();
                throw e.withDetail("parts_done", parts).withDelivery(d).withHint("The fields before '"
                        + step.target() + "' were set; fix that one and run the rest again.");
            }
            parts.add(ElementActionResult.Part.of(r));
            waited += r.waitedMs();
        }
        boolean verified = parts.stream().allMatch(ElementActionResult.Part::verified);
        String mechanism = parts.stream().map(ElementActionResult.Part::mechanism).distinct().count() == 1
                ? parts.getFirst().mechanism() : "mixed";
        ElementActionResult.Part last = parts.getLast();
        String delivery = parts.stream().anyMatch(p -> !p.delivery().equals(Delivery.DELIVERED_VERIFIED.wireName()))
                ? Delivery.DELIVERED_UNVERIFIED.wireName() : Delivery.DELIVERED_VERIFIED.wireName();
        return new ElementActionResult("fill", String.join(", ", steps.stream().map(ElementCall::target).toList()),
                parts.size() + " parts", null, List.of(), mechanism, last.postState(), verified, delivery, last.effect(), waited, null,
                List.copyOf(parts));
    }

    /**
     * Where drag drops: the point given, or the centre of the element named. A point off the screen is the caller's
     * mistake (INVALID_ARGS, as for `mouse drag`), told before anything is sent: left to the drag step, its failure
     * would read as an action the element did not take (ACTION_FAILED).
     */
    private static Point dropPoint(CallContext ctx, AccessibilityBackend a11y, AccessibilityTree tree,
                                   DesktopService desktop, String to, Deadline deadline) {
        if (Point.looksLikePoint(to)) {
            Point p = Point.parse(to);
            ScreenSize screen = desktop.screenSize(ctx);
            try {
                return p.requireOn(screen.width(), screen.height(), "the drop point",
                        "Drop inside the screen, or on an element: `uictl drag TARGET --to @e9`; "
                                + "`uictl get screen-size` shows the screen.");
            } catch (UictlException offScreen) {
                throw offScreen.withDelivery(Delivery.NOT_DELIVERED);
            }
        }
        ElementHandle h = a11y.locate(new BoundedCall(ctx, deadline), to).orElseThrow(() -> UictlException.of(
                ErrorCode.ELEMENT_NOT_FOUND, "no element matches the drop target '" + to + "'")
                .withDelivery(Delivery.NOT_DELIVERED)).handle();
        return tree.read(h, deadline).bounds().centre();
    }

    /** Polls the consequence target until it resolves (or, with --wait-for-gone, stops resolving). */
    private static ElementActionResult.Consequence awaitConsequence(CallContext ctx, AccessibilityBackend a11y,
                                                                    ElementCall call, ElementActionResult done) {
        long started = System.nanoTime();
        Deadline deadline = ctx.deadline().min(Deadline.afterMillis(call.waitTimeoutMs()));
        while (true) {
            boolean present;
            try {
                present = a11y.locate(new BoundedCall(ctx, deadline), call.waitFor()).isPresent();
            } catch (UictlException e) {
                if (e.code() != ErrorCode.STALE_REF) {
                    throw e.withDelivery(delivery(done.delivery()));
                }
                present = false;
            }
            long elapsed = (System.nanoTime() - started) / 1_000_000;
            if (present != call.waitForGone()) {
                return new ElementActionResult.Consequence(call.waitFor(), call.waitForGone(), elapsed);
            }
            if (deadline.remainingMillis() <= 0) {
                throw UictlException.of(ErrorCode.TIMEOUT, "`" + call.action().wireName() + "` was "
                                + done.delivery().replace('_', ' ') + ", but '" + call.waitFor() + "' did not "
                                + (call.waitForGone() ? "go away" : "appear") + " within " + elapsed + " ms")
                        .withDetail("kind", "wait_for")
                        .withDetail("steps", done.steps())
                        .withDelivery(delivery(done.delivery()))
                        .withHint("Check the result with `uictl snapshot -i`; do not repeat the action blindly.");
            }
            ctx.cancellation().sleep(Math.min(50, Math.max(1, deadline.remainingMillis())));
        }
    }

    private static Delivery delivery(String wireName) {
        for (Delivery d : Delivery.values()) {
            if (d.wireName().equals(wireName)) {
                return d;
            }
        }
        return Delivery.DELIVERY_UNCERTAIN;
    }
}
