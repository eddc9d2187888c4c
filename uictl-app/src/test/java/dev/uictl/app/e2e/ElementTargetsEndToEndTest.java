package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.FixtureFullState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Element targets on the pointer, focus and typing commands (click, focus, type), fill --field with --submit, the
 * cover check that raises the element's window before a synthetic click, and list-windows saying which windows are
 * accessible. Every effect is read back from the GTK fixture's own state file, never from our envelope alone.
 */
class ElementTargetsEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String TITLE = "Targets";
    private static FixtureFullState state;
    private static Process app;

    @BeforeAll
    static void start() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("targets.jsonl");
        state = FixtureFullState.beside(record);
        app = DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON, PrivateDesktopExtension.fixture("gtk_fixture.py")
                .toString(), "--state", record.toString(), "--title", TITLE, "--position", "0,0");
        state.await(s -> s.get("seq").asInt() >= 1);
    }

    private static JsonNode run(String... argv) {
        List<String> args = new ArrayList<>(List.of("--session", "targets"));
        args.addAll(List.of(argv));
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", args.toArray(String[]::new)));
    }

    private static JsonNode ok(String... argv) {
        JsonNode e = run(argv);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        return e.get("data");
    }

    private static String scoped(String query) {
        return "title=" + TITLE + " >> " + query;
    }

    private static String ref(String role, String name) {
        JsonNode tree = ok("snapshot", "--pid", Long.toString(app.pid()), "-i").get("tree");
        JsonNode n = ElementCommandsEndToEndTest.find(tree, role, name);
        assertThat(n).as("%s %s in the snapshot", role, name).isNotNull();
        return "@" + n.get("ref_id").asString();
    }

    private static int presses() {
        return state.read().get("clicks").get("press").asInt();
    }

    @Test
    void clickByRefAndByQueryPressesTheButtonOnceEach() throws Exception {
        int before = presses();
        JsonNode r = ok("click", ref("button", "Press me"));
        assertThat(r.get("element").get("action").asString()).isEqualTo("click");
        assertThat(r.get("delivery").asString()).isEqualTo(r.get("element").get("delivery").asString());
        state.await(s -> s.get("clicks").get("press").asInt() == before + 1);
        ok("click", scoped("role=button name=\"Press me\""));
        state.await(s -> s.get("clicks").get("press").asInt() == before + 2);
        // a later change is a barrier: the fixture handles events in order, so a third click would show by now
        ok("fill", scoped("role=textfield name=\"Name field\""), "barrier");
        state.await(s -> s.get("text").asString().equals("barrier"));
        assertThat(presses()).isEqualTo(before + 2);
    }

    @Test
    void typeIntoAnElementAppendsAndFocusMovesTheKeyboard() throws Exception {
        String name = ref("textfield", "Name field");
        ok("fill", name, "Ada");
        JsonNode typed = ok("type", name, " Lovelace");
        assertThat(typed.get("element").get("post_state").get("value").asString()).isEqualTo("Ada Lovelace");
        state.await(s -> s.get("text").asString().equals("Ada Lovelace"));
        JsonNode focused = ok("focus", scoped("role=textfield name=Password"));
        assertThat(focused.get("element").get("verified").asBoolean()).isTrue();
        assertThat(focused.get("title").asString()).isEqualTo(TITLE);
        state.await(s -> "password".equals(s.get("focus").asString()));
        ok("focus", name);
        state.await(s -> "entry".equals(s.get("focus").asString()));
        // plain `type TEXT` still types into the focused window: the entry just focused (GTK selects an entry's
        // text when it gains focus, so the typed text replaces it)
        ok("type", "!");
        state.await(s -> s.get("text").asString().equals("!"));
    }

    @Test
    void fillFieldsByLabelThenSubmit() throws Exception {
        int before = presses();
        JsonNode r = ok("fill", "--field", "Name field=Grace Hopper", "--field", "Quantity=3", "--field", "Size=gamma",
                "--submit", "Press me", "--window", "title=" + TITLE);
        assertThat(r.get("parts")).hasSize(4);
        assertThat(r.get("parts").get(3).get("action").asString()).isEqualTo("click");
        JsonNode s = state.await(x -> x.get("clicks").get("press").asInt() == before + 1
                && x.get("combo").asString().equals("gamma"));
        assertThat(s.get("text").asString()).isEqualTo("Grace Hopper");
        assertThat(s.get("quantity").asDouble()).isEqualTo(3.0);
    }

    @Test
    void aCoveredElementsWindowIsRaisedBeforeThePhysicalClickAndListWindowsTellsAccessibleWindows()
            throws Exception {
        String button = ref("button", "Press me");
        Process cover = DESKTOP.launch("xterm", "-T", "Cover", "-geometry", "100x40+0+0");
        try {
            ok("wait", "window", "title=Cover");
            JsonNode windows = ok("list-windows").get("windows");
            for (JsonNode w : windows) {
                if (w.get("title").asString().equals("Cover")) {
                    assertThat(w.get("accessible").asBoolean()).as("xterm has no accessibility tree").isFalse();
                }
                if (w.get("title").asString().equals(TITLE)) {
                    assertThat(w.get("accessible").asBoolean()).as("the GTK fixture is accessible").isTrue();
                }
            }
            assertThat(windows.get(0).get("title").asString()).as("the xterm is on top").isEqualTo("Cover");
            int before = presses();
            JsonNode r = ok("click", button, "--physical");
            assertThat(r.get("element").get("mechanism").asString()).isEqualTo("physical");
            assertThat(r.get("element").get("steps").toString()).contains("raise the element's window");
            state.await(s -> s.get("clicks").get("press").asInt() == before + 1);
            assertThat(ok("list-windows").get("windows").get(0).get("title").asString()).isEqualTo(TITLE);
        } finally {
            cover.destroy();
        }
    }
}
