package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.ExternalTool;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * An element action the element cannot take, or a mechanism the caller ruled out, is refused with
 * ACTION_NOT_SUPPORTED before anything is sent: the GTK fixture records no click and the pointer (read by xdotool on
 * its own connection) does not move. The button "Press me" holds no text, value, check state or expansion; with
 * --semantic-only the pointer-only gestures have no mechanism left, with --physical choosing a combo item or
 * scrolling a row into view (both only through the accessibility API) has none. A drop point off the screen is
 * the caller's mistake: INVALID_ARGS, also before anything is sent.
 */
@Tag("e2e")
class ElementAbilityEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String BUTTON = "title=\"Ability fixture\" >> role=button name=\"Press me\"";
    private static final String LABEL = "title=\"Ability fixture\" >> name=Status";
    /** A row of the list scrolled out of view: scroll-to has only the accessibility API's ScrollTo for it. */
    private static final String FAR_ROW = "title=\"Ability fixture\" >> role=cell name=Lime";
    private static Path state;

    static Stream<List<String>> refused() {
        List<List<String>> out = new ArrayList<>();
        for (String gesture : List.of("dblclick", "triple-click", "hover", "scroll", "right-click")) {
            out.add(List.of(gesture, BUTTON, "--semantic-only"));
        }
        out.add(List.of("drag", BUTTON, "--to", "10,10", "--semantic-only"));
        out.add(List.of("type", BUTTON, "x", "--semantic-only"));
        out.add(List.of("click", LABEL, "--semantic-only"));
        out.add(List.of("set-value", BUTTON, "5"));
        out.add(List.of("clear", BUTTON));
        out.add(List.of("fill", BUTTON, "x"));
        for (String change : List.of("toggle", "check", "uncheck", "expand", "collapse")) {
            out.add(List.of(change, BUTTON));
        }
        out.add(List.of("action", BUTTON, "no-such-action"));
        out.add(List.of("scroll-to", FAR_ROW, "--physical"));
        // a row out of view cannot be clicked, and --physical leaves out the list's Selection
        out.add(List.of("select", "title=\"Ability fixture\" >> role=table name=Fruits", "Lime", "--physical"));
        return out.stream().map(c -> Stream.concat(c.stream(), Stream.of("--timeout", "2000")).toList());
    }

    @BeforeAll
    static void fixture() {
        state = DESKTOP.runtimeDir().resolve("ability.jsonl");
        DESKTOP.launchGtkFixture(state, "Ability fixture");
        Poll.until("the fixture's button found", () -> {
            JsonNode e = run(List.of("find", "title=\"Ability fixture\"", "--role", "button", "--name", "Press me",
                    "--count"));
            return e.get("success").asBoolean() && e.get("data").get("count").asInt() == 1;
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void anActionTheElementCannotTakeIsRefusedAndSendsNothing(List<String> command) throws IOException {
        String pointer = ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text();
        long recorded = Files.readAllLines(state).size();
        JsonNode e = run(command);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("ACTION_NOT_SUPPORTED");
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        List<String> lines = Files.readAllLines(state);
        assertThat(lines.subList((int) recorded, lines.size())).as("what the fixture recorded meanwhile")
                .noneMatch(l -> l.contains("clicked_") || l.contains("\"toggled\"") || l.contains("\"text\"")
                        || l.contains("\"event\": \"combo\"") || l.contains("\"event\": \"list_scroll\""));
        assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text()).isEqualTo(pointer);
    }

    /**
     * A drop point off the screen (1280x800) is the caller's mistake, as it is for `mouse drag`: INVALID_ARGS before
     * anything is sent, not an action that failed.
     */
    @Test
    void aDropPointOffTheScreenIsAnInvalidArgumentAndSendsNothing() throws IOException {
        String pointer = ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text();
        long recorded = Files.readAllLines(state).size();
        JsonNode e = run(List.of("drag", BUTTON, "--to", "1280,10"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("INVALID_ARGS");
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(e.get("error").get("details").get("screen_width").asInt()).isEqualTo(1280);
        List<String> lines = Files.readAllLines(state);
        assertThat(lines.subList((int) recorded, lines.size())).as("what the fixture recorded meanwhile")
                .noneMatch(l -> l.contains("clicked"));
        assertThat(ExternalTool.run(DESKTOP.env(), "xdotool", "getmouselocation").text()).isEqualTo(pointer);
    }

    private static JsonNode run(List<String> words) {
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", words.toArray(String[]::new)));
    }
}
