package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.ExternalTool;
import dev.uictl.app.FixtureFullState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * An element that takes an action but does not become what was asked: ACTION_FAILED, never a success. The GTK
 * fixture's own state (written by the application, not read through AT-SPI) shows what really happened: a checked
 * radio button stays checked (nothing unchecks one), the numeric spin button refuses letters typed into it, a column
 * header never takes the focus (the keyboard's stays where it was), a list row GTK will not scroll to stays out of
 * view. What the element cannot take at all (letters filled into a numeric field) is refused before it is sent.
 * The fixture's --refusals column validates and reverts, as applications do: each of its widgets takes the change
 * and its handler puts the old state back, counting what it refused, so the count shows the action reached it.
 * A row out of view with --physical leaves focus no mechanism at all: ACTION_NOT_SUPPORTED, nothing sent.
 */
@Tag("e2e")
class ElementRefusedChangeEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String WINDOW = "title=\"Refusal fixture\" >> ";
    private static Path record;
    private static FixtureFullState state;

    @BeforeAll
    static void fixture() {
        record = DESKTOP.runtimeDir().resolve("refusal.jsonl");
        state = FixtureFullState.beside(record);
        DESKTOP.launchGtkFixture(record, "Refusal fixture", "--refusals");
        Poll.until("the fixture's radio button found", () -> {
            JsonNode e = run("find", "title=\"Refusal fixture\"", "--role", "radiobutton", "--name", "Small",
                    "--count");
            return e.get("success").asBoolean() && e.get("data").get("count").asInt() == 1;
        });
    }

    @Test
    void aCheckedRadioButtonCannotBeUncheckedOrToggledOff() {
        assertThat(state.read().get("radio").asString()).isEqualTo("Small");
        for (String verb : List.of("uncheck", "toggle")) {
            assertFailed(run(verb, WINDOW + "role=radiobutton name=Small"), verb);
            assertThat(state.read().get("radio").asString()).as("after " + verb).isEqualTo("Small");
        }
    }

    /**
     * fill would clear the field and type: the numeric field drops the letters, so only the clearing took and the
     * quantity became 0 in a call that then failed. Now nothing is sent: no key reaches the fixture, clear is refused
     * the same way (an empty numeric field is 0), and the quantity is what it was.
     */
    @Test
    void lettersFilledIntoTheNumericSpinButtonAreRefusedBeforeAnyKey() throws Exception {
        double quantity = state.read().get("quantity").asDouble();
        int before = Files.readAllLines(record).size();
        for (List<String> call : List.of(List.of("fill", WINDOW + "role=spinbutton name=Quantity", "abc"),
                List.of("clear", WINDOW + "role=spinbutton name=Quantity"))) {
            JsonNode e = run(call.toArray(String[]::new));
            assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("INVALID_ARGS");
            assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("not_a_number");
            assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        }
        List<String> lines = Files.readAllLines(record);
        assertThat(lines.subList(before, lines.size())).as("nothing reached the fixture").isEmpty();
        assertThat(state.read().get("quantity").asDouble()).isEqualTo(quantity);
    }

    /** type inserts the text after the field's own: the numeric field refuses it and keeps its value. */
    @Test
    void lettersTypedIntoTheNumericSpinButtonAreRefused() throws Exception {
        double quantity = state.read().get("quantity").asDouble();
        int before = Files.readAllLines(record).size();
        assertFailed(run("type", WINDOW + "role=spinbutton name=Quantity", "xyz"), "type");
        List<String> lines = Files.readAllLines(record);
        assertThat(lines.subList(before, lines.size())).as("the fixture changed no value meanwhile")
                .noneMatch(l -> l.contains("\"event\": \"quantity\""));
        assertThat(state.read().get("quantity").asDouble()).isEqualTo(quantity);
    }

    /** GTK refuses Component.ScrollTo for a tree row: the list does not move (the fixture reports its rows in view). */
    @Test
    void aRowGtkWillNotScrollToStaysOutOfView() throws Exception {
        int before = Files.readAllLines(record).size();
        assertFailed(run("scroll-to", WINDOW + "role=cell name=Lime"), "scroll-to");
        List<String> lines = Files.readAllLines(record);
        assertThat(lines.subList(before, lines.size())).as("the list did not scroll")
                .noneMatch(l -> l.contains("\"event\": \"list_scroll\""));
        assertThat(state.read().get("list_scroll").asDouble()).isZero();
    }

    /** The keyboard focus stays in the entry: a key typed afterwards (xdotool, its own connection) lands there. */
    @Test
    void aColumnHeaderDoesNotTakeTheFocusWhichStaysWhereItWas() {
        JsonNode entry = run("focus", WINDOW + "role=textfield name=\"Name field\"");
        assertThat(entry.get("success").asBoolean()).as(entry.toString()).isTrue();
        String text = state.await(s -> "entry".equals(s.path("focus").asString(""))).get("text").asString();
        assertFailed(run("focus", WINDOW + "role=columnheader name=Fruit"), "focus");
        ExternalTool.run(DESKTOP.env(), "xdotool", "type", "z");
        state.await(s -> s.get("text").asString().equals(text + "z"));
    }

    /** Both the accessibility API's click and the physical one reach the check box, which unchecks itself. */
    @Test
    void aCheckBoxThatUnchecksItselfFailsCheckAfterBothMechanismsReachedIt() {
        String target = WINDOW + "role=checkbox name=\"Locked option\"";
        refusedByTheApplication("locked_option", List.of("semantic", "physical"), "check", target);
        assertThat(state.read().get("locked_option").asBoolean()).isFalse();
        assertThat(stillServed(target, "states").get("states").valueStream().map(JsonNode::asString))
                .doesNotContain("checked");
    }

    /**
     * The combo box goes back to its plan whether the item is selected through the box, activated itself, or clicked
     * in the opened box.
     */
    @Test
    void aComboBoxThatGoesBackToItsPlanFailsSelect() {
        String target = WINDOW + "role=combobox name=Plan";
        refusedByTheApplication("plan", List.of("semantic", "semantic", "physical"), "select", target, "pro");
        assertThat(state.read().get("plan").asString()).isEqualTo("free");
        assertThat(stillServed(WINDOW + "role=menuitem name=pro", "states").get("states").valueStream()
                .map(JsonNode::asString)).doesNotContain("selected", "checked");
    }

    /** The slider takes 70 (in its range, so it is sent) and snaps back to 50. */
    @Test
    void aSliderThatSnapsBackFailsSetValue() {
        String target = WINDOW + "role=slider name=Limit";
        refusedByTheApplication("limit", List.of("semantic"), "set-value", target, "70");
        assertThat(state.read().get("limit").asDouble()).isEqualTo(50.0);
        assertThat(stillServed(target, "value").get("value").asString()).isEqualTo("50");
    }

    /**
     * The postcode field puts its five digits back over any other text: fill's and clear's new text, set through
     * the accessibility API and then typed, never stays, and nothing else of the field changed.
     */
    @Test
    void aPostcodeFieldThatPutsItsDigitsBackFailsFillAndClear() {
        String target = WINDOW + "role=textfield name=Postcode";
        for (List<String> call : List.of(List.of("fill", target, "abc"), List.of("clear", target))) {
            refusedByTheApplication("postcode", List.of("semantic", "physical"), call.toArray(String[]::new));
            assertThat(state.read().get("postcode").asString()).as(call.getFirst()).isEqualTo("12345");
            assertThat(stillServed(target, "text").get("value").asString()).isEqualTo("12345");
        }
    }

    /** The tree vetoes expanding its row Sealed and collapsing its row Pinned (test-expand-row, test-collapse-row). */
    @Test
    void aTreeRowTheApplicationWillNotExpandOrCollapseFailsBoth() {
        for (List<String> call : List.of(List.of("expand", "expand", WINDOW + "role=cell name=Sealed"),
                List.of("collapse", "collapse", WINDOW + "role=cell name=Pinned"))) {
            refusedByTheApplication(call.getFirst(), List.of("semantic"), call.subList(1, 3).toArray(String[]::new));
            assertThat(state.read().get("archive_expanded").valueStream().map(JsonNode::asString))
                    .as(call.getFirst()).containsExactly("Pinned");
        }
        assertThat(stillServed(WINDOW + "role=cell name=Pinned", "states").get("states").valueStream()
                .map(JsonNode::asString)).contains("expanded");
    }

    /**
     * --physical leaves only the click, and a row out of view cannot be clicked: no mechanism is left, so nothing is
     * sent (the list neither selects nor scrolls) and the hint does not send the caller back to --physical.
     */
    @Test
    void aRowOutOfViewCannotBeFocusedPhysically() throws Exception {
        int before = Files.readAllLines(record).size();
        JsonNode e = run("focus", WINDOW + "role=cell name=Lime", "--physical");
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("ACTION_NOT_SUPPORTED");
        JsonNode error = e.get("error");
        assertThat(error.get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(error.get("details").get("steps").valueStream()
                .filter(s -> !s.get("mechanism").asString().equals("window"))
                .map(s -> s.get("mechanism").asString() + " " + s.get("outcome").asString()))
                .containsExactly("semantic skipped", "physical skipped");
        assertThat(error.get("hint").asString()).contains("without --physical").doesNotContain("Try `--physical`");
        List<String> lines = Files.readAllLines(record);
        assertThat(lines.subList(before, lines.size())).as("nothing reached the list")
                .noneMatch(l -> l.contains("\"event\": \"list_"));
        assertThat(state.read().get("list_selected").valueStream()).isEmpty();
        assertThat(stillServed(WINDOW + "role=cell name=Lime", "states").get("states").valueStream()
                .map(JsonNode::asString)).doesNotContain("focused");
    }

    /**
     * {@code call} on a --refusals widget: ACTION_FAILED (its exit code checked with the envelope) after the steps of
     * {@code mechanisms} were each delivered and not verified, and the application counted at least that many
     * refused changes of {@code widget}: what was delivered did reach it.
     */
    private static void refusedByTheApplication(String widget, List<String> mechanisms, String... call) {
        int before = state.read().get("refused").get(widget).asInt();
        JsonNode e = run(call);
        assertFailed(e, call[0]);
        JsonNode error = e.get("error");
        assertThat(error.get("delivery").asString()).as(e.toString()).isEqualTo("delivered_unverified");
        assertThat(error.get("details").get("steps").valueStream().map(s -> s.get("mechanism").asString() + " "
                + s.get("outcome").asString())).as(e.toString())
                .containsExactlyElementsOf(mechanisms.stream().map(m -> m + " unverified").toList());
        assertThat(state.read().get("refused").get(widget).asInt()).as("%s refusals counted by the application", widget)
                .isGreaterThanOrEqualTo(before + mechanisms.size());
    }

    /** The next call is served: the property read back from the element the failed call left. */
    private static JsonNode stillServed(String target, String property) {
        JsonNode e = run("get", "element", target, "--property", property);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        return e.get("data");
    }

    private static void assertFailed(JsonNode e, String verb) {
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(verb + ": " + e).isEqualTo("ACTION_FAILED");
    }

    private static JsonNode run(String... words) {
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", words));
    }
}
