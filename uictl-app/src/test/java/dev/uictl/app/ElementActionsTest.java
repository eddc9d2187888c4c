package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.BusLocator;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.a11y.AtspiAccessibilityTree;
import dev.uictl.engine.desktop.element.ActionRequest;
import dev.uictl.engine.desktop.element.ChainMode;
import dev.uictl.engine.desktop.element.ElementAction;
import dev.uictl.engine.desktop.element.ElementActionResult;
import dev.uictl.engine.desktop.element.ElementActions;
import dev.uictl.engine.desktop.element.ElementLocator;
import dev.uictl.engine.desktop.element.ElementHandle;
import dev.uictl.engine.desktop.element.ElementState;
import dev.uictl.engine.desktop.element.Bounds;
import dev.uictl.engine.desktop.element.Located;
import dev.uictl.engine.desktop.element.Sighting;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import dev.uictl.engine.desktop.element.PortPhysicalInput;
import dev.uictl.engine.desktop.service.DesktopService;
import dev.uictl.engine.desktop.spi.InputInjection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The element-action engine over real AT-SPI and XTEST against the GTK fixture: every action is checked through the
 * fixture's own full state (not through AT-SPI), including that clicks happen exactly once.
 */
class ElementActionsTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static AtspiConnection bus;
    private static FixtureFullState state;
    private static FixtureElements elements;
    private static ElementActions actions;
    private static AtspiAccessibilityTree tree;
    private static PortPhysicalInput physical;
    private static Process app;

    record Call(Map<String, String> env) implements CallContext {
        @Override
        public Path cwd() {
            return Path.of(".");
        }

        @Override
        public String session() {
            return "test";
        }

        @Override
        public void onDisconnect(Runnable cleanup) {
        }
    }

    @BeforeAll
    static void start() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("actions.jsonl");
        state = FixtureFullState.beside(record);
        app = DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON, PrivateDesktopExtension.fixture("gtk_fixture.py")
                .toString(), "--state", record.toString(), "--title", "Actions Fixture", "--position", "0,0",
                "--enable-after", "2500");
        state.await(s -> s.get("seq").asInt() >= 1);
        bus = AtspiConnection.open(BusLocator.address(DESKTOP.env(), Budget.of(Duration.ofSeconds(5))),
                Budget.of(Duration.ofSeconds(5)));
        elements = new FixtureElements(bus, app.pid());
        Call call = new Call(DESKTOP.env());
        tree = new AtspiAccessibilityTree(bus);
        physical = new PortPhysicalInput(call, UictlRun.app().services().get(InputInjection.class),
                UictlRun.app().services().get(DesktopService.class));
        actions = new ElementActions(tree, physical);
        elements.pinned("push button", "Press me");
    }

    @AfterAll
    static void stop() {
        if (bus != null) {
            bus.close();
        }
    }

    private static ElementActionResult act(ElementAction action, ElementLocator target, String text, ChainMode mode,
                                           long timeoutMs) {
        try {
            return actions.perform(new ActionRequest(action, action.wireName() + " target", target, text, "down", 3,
                    null, mode, Deadline.afterMillis(timeoutMs), Cancellation.NEVER));
        } catch (UictlException e) {
            System.err.println(action.wireName() + " failed: " + e.code() + " " + e.getMessage() + " " + e.details());
            throw e;
        }
    }

    private static ElementActionResult act(ElementAction action, String role, String name, String text) {
        return act(action, elements.one(role, name), text, ChainMode.AUTO, 5000);
    }

    @Test
    void clickPressesTheButtonExactlyOnce() throws Exception {
        int before = state.read().get("clicks").get("press").asInt();
        ElementActionResult r = act(ElementAction.CLICK, "push button", "Press me", null);
        assertThat(r.mechanism()).isEqualTo("semantic");
        assertThat(r.steps()).first().extracting(s -> s.outcome()).isEqualTo("delivered");
        state.await(s -> s.get("clicks").get("press").asInt() == before + 1);
        // a later change is a barrier: the app handles events in order, so a second click would show by now
        act(ElementAction.TOGGLE, "check box", "Enable feature", null);
        JsonNode after = state.await(s -> s.get("seq").asInt() > 0 && s.get("checked").asBoolean() != false
                || s.get("checked").asBoolean());
        assertThat(after.get("clicks").get("press").asInt()).isEqualTo(before + 1);
        act(ElementAction.UNCHECK, "check box", "Enable feature", null);
    }

    /** The element tree, counting its reads. */
    private static final class CountingTree implements AccessibilityTree {
        int reads;

        @Override
        public ElementState read(ElementHandle element, Deadline deadline) {
            reads++;
            return tree.read(element, deadline);
        }

        @Override
        public boolean doAction(ElementHandle element, int index, Deadline deadline) {
            return tree.doAction(element, index, deadline);
        }
    }

    @Test
    void anElementSeenInPlaceAFrameEarlierIsNotWatchedForAnotherFrame() throws Exception {
        ElementHandle press = elements.pinned("push button", "Press me").locate(Deadline.afterMillis(5000))
                .orElseThrow().handle();
        Bounds at = tree.read(press, Deadline.afterMillis(5000)).bounds();
        long frameAgo = System.nanoTime() - 20_000_000;
        CountingTree counting = new CountingTree();
        ElementActions watched = new ElementActions(counting, physical);
        record Case(Sighting earlier, int reads) {
        }
        List<Case> cases = List.of(
                new Case(new Sighting(at, frameAgo), 2), // the read that checks it, the read back
                new Case(new Sighting(new Bounds(at.x() + 5, at.y(), at.width(), at.height()), frameAgo), 3),
                new Case(new Sighting(at, System.nanoTime() + 1_000_000_000L), 3), // not a frame before
                new Case(null, 3));
        for (Case c : cases) {
            int before = state.read().get("clicks").get("press").asInt();
            counting.reads = 0;
            ElementActionResult r = watched.perform(new ActionRequest(ElementAction.CLICK, "Press me",
                    d -> Optional.of(new Located(press, c.earlier())), null, null, 0, null, ChainMode.AUTO,
                    Deadline.afterMillis(5000), Cancellation.NEVER));
            assertThat(r.delivery()).isEqualTo("delivered_unverified");
            assertThat(counting.reads).as("reads with %s", c).isEqualTo(c.reads());
            state.await(s -> s.get("clicks").get("press").asInt() == before + 1);
        }
    }

    @Test
    void physicalClickIsOneXtestClick() throws Exception {
        int before = state.read().get("clicks").get("press").asInt();
        ElementActionResult r = act(ElementAction.CLICK, elements.one("push button", "Press me"), null,
                ChainMode.PHYSICAL, 5000);
        assertThat(r.mechanism()).isEqualTo("physical");
        assertThat(r.steps()).anySatisfy(s -> assertThat(s.outcome()).isEqualTo("skipped"));
        state.await(s -> s.get("clicks").get("press").asInt() == before + 1);
    }

    @Test
    void typeAppendsAndFillReplaces() throws Exception {
        ElementActionResult filled = act(ElementAction.FILL, "text", "Name field", "Grüße");
        assertThat(filled.verified()).isTrue();
        state.await(s -> s.get("text").asString().equals("Grüße"));
        ElementActionResult typed = act(ElementAction.TYPE, "text", "Name field", " ✓ more");
        assertThat(typed.delivery()).isEqualTo("delivered_verified");
        assertThat(typed.postState().value()).isEqualTo("Grüße ✓ more");
        state.await(s -> s.get("text").asString().equals("Grüße ✓ more"));
        ElementActionResult cleared = act(ElementAction.CLEAR, "text", "Name field", null);
        assertThat(cleared.verified()).isTrue();
        state.await(s -> s.get("text").asString().isEmpty());
    }

    @Test
    void fillingThePasswordIsDeliveredButNotReadable() throws Exception {
        ElementActionResult r = act(ElementAction.FILL, "password text", "Password", "s3cret");
        assertThat(r.delivery()).isEqualTo("delivered_unverified");
        state.await(s -> s.get("password").asString().equals("s3cret"));
    }

    @Test
    void checkIsIdempotentAndVerified() throws Exception {
        act(ElementAction.UNCHECK, "check box", "Enable feature", null);
        state.await(s -> !s.get("checked").asBoolean());
        ElementActionResult checked = act(ElementAction.CHECK, "check box", "Enable feature", null);
        assertThat(checked.verified()).isTrue();
        assertThat(checked.postState().states()).contains("checked");
        state.await(s -> s.get("checked").asBoolean());
        int seq = state.read().get("seq").asInt();
        ElementActionResult again = act(ElementAction.CHECK, "check box", "Enable feature", null);
        assertThat(again.steps()).singleElement().satisfies(s -> assertThat(s.outcome()).isEqualTo("skipped"));
        assertThat(state.read().get("seq").asInt()).isEqualTo(seq);
        act(ElementAction.UNCHECK, "check box", "Enable feature", null);
        state.await(s -> !s.get("checked").asBoolean());
    }

    @Test
    void clickingARadioButtonSelectsIt() throws Exception {
        act(ElementAction.CLICK, "radio button", "Large", null);
        state.await(s -> s.get("radio").asString().equals("Large"));
    }

    @Test
    void setValueMovesTheSliderAndTheSpinButton() throws Exception {
        ElementActionResult slider = act(ElementAction.SET_VALUE, "slider", "Volume", "70");
        assertThat(slider.verified()).isTrue();
        assertThat(slider.postState().value()).isEqualTo("70");
        state.await(s -> s.get("volume").asDouble() == 70.0);
        act(ElementAction.SET_VALUE, "spin button", "Quantity", "7");
        state.await(s -> s.get("quantity").asDouble() == 7.0);
    }

    @Test
    void selectChoosesAComboItemAndAListRow() throws Exception {
        act(ElementAction.SELECT, "combo box", "Size", "gamma");
        state.await(s -> s.get("combo").asString().equals("gamma"));
        act(ElementAction.SELECT, "table", "Fruits", "Cherry");
        state.await(s -> s.get("list_selected").toString().equals("[\"Cherry\"]"));
    }

    @Test
    void expandAndCollapseATreeRow() throws Exception {
        ElementActionResult expanded = act(ElementAction.EXPAND, "table cell", "Colors", null);
        assertThat(expanded.verified()).isTrue();
        state.await(s -> s.get("tree_expanded").toString().equals("[\"Colors\"]"));
        act(ElementAction.COLLAPSE, "table cell", "Colors", null);
        state.await(s -> s.get("tree_expanded").isEmpty());
    }

    @Test
    void scrollWheelsTheListDown() throws Exception {
        ElementActionResult r = act(ElementAction.SCROLL, "table", "Fruits", null);
        assertThat(r.mechanism()).isEqualTo("physical");
        state.await(s -> s.get("list_scroll").asDouble() > 0);
    }

    /** A button holds no value and cannot be checked: these refuse it instead of clicking it. */
    @Test
    void valueAndCheckActionsOnAButtonAreRefusedAndPressNothing() throws Exception {
        int before = state.read().get("clicks").get("press").asInt();
        for (ElementAction action : List.of(ElementAction.SET_VALUE, ElementAction.CLEAR, ElementAction.FILL,
                ElementAction.TOGGLE, ElementAction.CHECK, ElementAction.UNCHECK)) {
            assertThatThrownBy(() -> act(action, "push button", "Press me", "5"))
                    .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code())
                            .isEqualTo(ErrorCode.ACTION_NOT_SUPPORTED));
        }
        // the fixture's own count: a press would have been recorded by now (its own clicks take ~10 ms to show)
        act(ElementAction.CLICK, "push button", "Press me", null);
        assertThat(state.await(s -> s.get("clicks").get("press").asInt() > before).get("clicks").get("press")
                .asInt()).isEqualTo(before + 1);
    }

    /** GTK 3 tree-view cells refuse Component.ScrollTo: the chain says so instead of claiming success. */
    @Test
    void scrollToAGtkCellIsAnHonestFailure() {
        assertThatThrownBy(() -> act(ElementAction.SCROLL_TO, "table cell", "Lime", null))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
                    assertThat(e.details().get("steps").toString()).contains("Component.ScrollTo", "refused");
                });
    }

    @Test
    void focusMovesTheKeyboardFocus() throws Exception {
        ElementActionResult r = act(ElementAction.FOCUS, "password text", "Password", null);
        assertThat(r.postState().states()).contains("focused");
        state.await(s -> "password".equals(s.get("focus").asString()));
    }

    @Test
    void theDelayedButtonIsClickedOnceAfterItEnables() throws Exception {
        ElementActionResult r = act(ElementAction.CLICK, "push button", "Delayed", null);
        JsonNode s = state.await(x -> x.get("clicks").get("delayed").asInt() == 1);
        assertThat(s.get("delayed_enabled").asBoolean()).isTrue();
        assertThat(r.delivery()).isEqualTo("delivered_unverified");
    }

    @Test
    void aDisabledButtonTimesOutNearTheBudget() {
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> act(ElementAction.CLICK, elements.one("push button", "Never enabled"), null,
                ChainMode.AUTO, 1200))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
                    assertThat(e.details()).containsEntry("kind", "actionability");
                    assertThat(e.details().get("failing").toString()).contains("enabled");
                    assertThat(e.details().get("last_seen").toString()).contains("Never enabled");
                    assertThat(e.delivery().wireName()).isEqualTo("not_delivered");
                });
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(ms).isBetween(1000L, 2500L);
        assertThat(state.read().get("clicks").get("never").asInt()).isZero();
    }

    @Test
    void anElementThatVanishedIsAStaleRef() throws Exception {
        ElementLocator vanish = elements.pinned("push button", "Vanish");
        ElementActionResult r = act(ElementAction.CLICK, vanish, null, ChainMode.AUTO, 5000);
        assertThat(r.postState()).as("the element is gone after the click").isNull();
        state.await(s -> s.get("vanished").asBoolean());
        assertThatThrownBy(() -> act(ElementAction.CLICK, vanish, null, ChainMode.AUTO, 3000))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STALE_REF));
        assertThat(state.read().get("clicks").get("vanish").asInt()).isEqualTo(1);
    }

    @Test
    void semanticOnlyCannotDoubleClick() {
        assertThatThrownBy(() -> act(ElementAction.DOUBLE_CLICK, elements.one("push button", "Press me"), null,
                ChainMode.SEMANTIC_ONLY, 3000))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_NOT_SUPPORTED);
                    assertThat(e.delivery().wireName()).isEqualTo("not_delivered");
                });
    }
}
