package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.FixtureFullState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.app.X11FaultProxy;
import dev.uictl.testkit.Poll;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Element actions that only the pointer can do (hover, right-click without a menu action, triple-click, scroll, drag)
 * against an X server that refuses synthetic input (XTEST requests answered BadAlloc by an {@link X11FaultProxy}):
 * ACTION_FAILED with the refused step (and its X error) in details.steps, never a success, and the application saw nothing (its own record of clicks,
 * scrolling and the pointer's hover is unchanged). Once the server takes input again the same calls work.
 */
@Tag("e2e")
class RefusedPointerInputEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String WINDOW = "title=\"Pointer fixture\" >> ";

    @Test
    void pointerOnlyElementActionsTheServerRefusesAreActionFailedAndReachNothing() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("pointer.jsonl");
        FixtureFullState state = FixtureFullState.beside(record);
        DESKTOP.launchGtkFixture(record, "Pointer fixture");
        Poll.until("the fixture's button found", () -> {
            JsonNode e = run(DESKTOP.env(), "find", "title=\"Pointer fixture\"", "--role", "button", "--name",
                    "Press me", "--count");
            return e.get("success").asBoolean() && e.get("data").get("count").asInt() == 1;
        });
        String press = WINDOW + "role=button name=\"Press me\"";
        Map<String, List<String>> calls = new TreeMap<>(Map.of(
                "hover", List.of("hover", press),
                "right-click", List.of("right-click", press, "--physical"),
                "triple-click", List.of("triple-click", press),
                "scroll", List.of("scroll", WINDOW + "role=table name=Fruits", "--amount", "5"),
                "drag", List.of("drag", press, "--to", WINDOW + "role=table name=Fruits")));
        JsonNode before = state.read();
        try (X11FaultProxy proxy = X11FaultProxy.inFrontOf(DESKTOP.display())) {
            Map<String, String> env = proxy.env(DESKTOP.env());
            Map<String, String> answers = new TreeMap<>();
            proxy.refuse(r -> "XTEST".equals(r.extension()), X11FaultProxy.BAD_ALLOC);
            calls.forEach((name, argv) -> {
                JsonNode e = run(env, argv.toArray(String[]::new));
                answers.put(name, e.get("success").asBoolean() ? "success " + e.get("data")
                        : e.get("error").get("code").asString() + " " + e.get("error").get("details").get("steps"));
            });
            proxy.heal();
            assertThat(answers).as("pointer-only element actions while the server refuses synthetic input")
                    .allSatisfy((command, answer) -> assertThat(answer).as(command).startsWith("ACTION_FAILED ")
                            .contains("BadAlloc"));
            assertThat(proxy.refused()).isGreaterThanOrEqualTo(calls.size());

            JsonNode after = state.read();
            assertThat(after.get("clicks")).as("clicks the application counted").isEqualTo(before.get("clicks"));
            assertThat(after.get("list_scroll")).as("the list's scroll position").isEqualTo(before.get("list_scroll"));

            // The shared connection takes input again: a physical click reaches the application.
            JsonNode click = run(env, "click", press, "--physical");
            assertThat(click.get("success").asBoolean()).as(click.toString()).isTrue();
            state.await(s -> s.get("clicks").get("press").asInt() == before.get("clicks").get("press").asInt() + 1);
        }
    }

    private static JsonNode run(Map<String, String> env, String... argv) {
        return ContractAssert.envelope(UictlRun.run(env, "", argv));
    }
}
