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
        DESKTOP.launchGtkFixture(record, "Refusal fixture");
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

    private static void assertFailed(JsonNode e, String verb) {
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(verb + ": " + e).isEqualTo("ACTION_FAILED");
    }

    private static JsonNode run(String... words) {
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", words));
    }
}
