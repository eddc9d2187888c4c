package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.FixtureFullState;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The element-action commands through the real dispatcher, by ref from a snapshot and by query, against the GTK
 * fixture; every effect is read back from the fixture's own full state, every envelope checked against the schemas.
 */
class ElementCommandsEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static FixtureFullState state;
    private static Process app;

    @BeforeAll
    static void start() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("commands.jsonl");
        state = FixtureFullState.beside(record);
        app = launchFixture(record, "Element commands", "0,0");
        state.await(s -> s.get("seq").asInt() >= 1);
    }

    static Process launchFixture(Path record, String title, String position) {
        return DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON, PrivateDesktopExtension.fixture("gtk_fixture.py")
                .toString(), "--state", record.toString(), "--title", title, "--position", position,
                "--enable-after", "2500");
    }

    private static JsonNode run(String session, String... argv) {
        List<String> args = new ArrayList<>(List.of("--session", session));
        args.addAll(List.of(argv));
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", args.toArray(String[]::new)));
    }

    private static JsonNode ok(String session, String... argv) {
        JsonNode e = run(session, argv);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
        return e.get("data");
    }

    private static JsonNode error(String session, String... argv) {
        JsonNode e = run(session, argv);
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        return e.get("error");
    }

    /** A query scoped to the main fixture's window (other tests start more fixtures, and a dialog). */
    private static String scoped(String query) {
        return "title=\"Element commands\" >> " + query;
    }

    /** Refs of the fixture's interactive elements, keyed "role name", from one `snapshot -i`. */
    private static String ref(JsonNode tree, String role, String name) {
        JsonNode n = find(tree, role, name);
        assertThat(n).as("%s %s in the snapshot", role, name).isNotNull();
        return "@" + n.get("ref_id").asString();
    }

    /** The first node with a ref of that role and name in a snapshot tree (the element tests share it). */
    static JsonNode find(JsonNode node, String role, String name) {
        if (node == null) {
            return null;
        }
        if (role.equals(node.path("role").asString()) && name.equals(node.path("name").asString())
                && node.has("ref_id")) {
            return node;
        }
        for (JsonNode c : node.path("children")) {
            JsonNode hit = find(c, role, name);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }

    @Test
    void aFormFilledByRefChangesExactlyTheFixtureState() throws Exception {
        JsonNode tree = ok("form", "snapshot", "--pid", Long.toString(app.pid()), "-i").get("tree");
        JsonNode filled = ok("form", "fill", ref(tree, "textfield", "Name field"), "Ada Lovelace");
        assertThat(filled.get("delivery").asString()).isEqualTo("delivered_verified");
        assertThat(filled.get("post_state").get("value").asString()).isEqualTo("Ada Lovelace");
        ok("form", "fill", ref(tree, "textfield", "Password"), "s3cret");
        JsonNode checked = ok("form", "check", ref(tree, "checkbox", "Enable feature"));
        assertThat(checked.get("post_state").get("states").toString()).contains("checked");
        ok("form", "select", ref(tree, "combobox", "Size"), "beta");
        ok("form", "set-value", ref(tree, "slider", "Volume"), "70");
        ok("form", "set-value", ref(tree, "spinbutton", "Quantity"), "4");
        ok("form", "action", ref(tree, "radiobutton", "Medium"), "click");
        JsonNode s = state.await(x -> x.get("combo").asString().equals("beta") && x.get("radio").asString()
                .equals("Medium"));
        assertThat(s.get("text").asString()).isEqualTo("Ada Lovelace");
        assertThat(s.get("password").asString()).isEqualTo("s3cret");
        assertThat(s.get("checked").asBoolean()).isTrue();
        assertThat(s.get("volume").asDouble()).isEqualTo(70.0);
        assertThat(s.get("quantity").asDouble()).isEqualTo(4.0);
        assertThat(s.get("clicks").get("press").asInt()).as("nothing else was clicked").isZero();
    }

    /**
     * A value the element cannot take is refused before anything is sent. Before, `set-value Volume 500` failed
     * (ACTION_FAILED, "did not become valued 500") after GTK had clamped the slider to 100: a failed call that
     * changed the form. The fixture's own record (no change event, the same volume) is the oracle.
     */
    @Test
    void aValueTheElementCannotTakeIsRefusedAndTheFormIsUntouched() throws Exception {
        JsonNode tree = ok("range", "snapshot", "--pid", Long.toString(app.pid()), "-i").get("tree");
        String slider = ref(tree, "slider", "Volume");
        String spin = ref(tree, "spinbutton", "Quantity");
        JsonNode before = state.read();
        JsonNode tooBig = error("range", "set-value", slider, "500");
        assertThat(tooBig.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(tooBig.get("details").get("kind").asString()).isEqualTo("out_of_range");
        assertThat(tooBig.get("details").get("minimum").asDouble()).isEqualTo(0.0);
        assertThat(tooBig.get("details").get("maximum").asDouble()).isEqualTo(100.0);
        assertThat(tooBig.get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(tooBig.get("message").asString()).contains("from 0 to 100");
        for (String word : List.of("abc", "NaN", "Infinity")) {
            JsonNode notNumber = error("range", "set-value", spin, word);
            assertThat(notNumber.get("code").asString()).as(word).isEqualTo("INVALID_ARGS");
            assertThat(notNumber.get("details").get("kind").asString()).as(word).isEqualTo("not_a_number");
            assertThat(notNumber.get("delivery").asString()).as(word).isEqualTo("not_delivered");
        }
        // within the range it is set as before: the fixture records the new volume
        ok("range", "set-value", slider, "33");
        JsonNode after = state.await(x -> x.get("volume").asDouble() == 33.0);
        assertThat(after.get("seq").asInt()).as("one change: the accepted value only").isEqualTo(
                before.get("seq").asInt() + (before.get("volume").asDouble() == 33.0 ? 0 : 1));
        assertThat(after.get("quantity").asDouble()).isEqualTo(before.get("quantity").asDouble());
    }

    @Test
    void actionClickByQueryClicksOnceAndWaitsForTheDialog() throws Exception {
        int before = state.read().get("dialog").get("opened").asInt();
        JsonNode r = ok("dialog", "action", scoped("role=button name=\"Open dialog\""), "click", "--wait-for",
                "title=Confirm >> role=button name=OK");
        assertThat(r.get("consequence").get("target").asString()).isEqualTo("title=Confirm >> role=button name=OK");
        state.await(s -> s.get("dialog").get("opened").asInt() == before + 1 && s.get("dialog").get("open")
                .asBoolean());
        ok("dialog", "action", "title=Confirm >> role=button name=OK", "click", "--wait-for-gone",
                "title=Confirm >> role=button name=OK");
        JsonNode s = state.await(x -> !x.get("dialog").get("open").asBoolean());
        assertThat(s.get("dialog").get("response").asString()).isEqualTo("ok");
        assertThat(s.get("dialog").get("opened").asInt()).isEqualTo(before + 1);
    }

    @Test
    void twinButtonsAreAmbiguousWithBothCandidates() {
        JsonNode e = error("twins", "action", scoped("role=button name=Twin"), "click", "--timeout", "2000");
        assertThat(e.get("code").asString()).isEqualTo("SELECTOR_AMBIGUOUS");
        assertThat(e.get("details").get("candidates")).hasSize(2);
        assertThat(state.read().get("clicks").get("twin1").asInt() + state.read().get("clicks").get("twin2").asInt())
                .isZero();
    }

    @Test
    void aDisabledButtonTimesOutWithActionabilityDetails() {
        long t0 = System.nanoTime();
        JsonNode e = error("disabled", "action", scoped("role=button name=\"Never enabled\""), "click", "--timeout", "1500");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(e.get("code").asString()).isEqualTo("TIMEOUT");
        assertThat(e.get("details").get("kind").asString()).isEqualTo("actionability");
        assertThat(e.get("details").get("failing").toString()).contains("enabled");
        assertThat(ms).isBetween(1400L, 3500L);
    }

    @Test
    void aKilledAndAStoppedApplicationGiveCleanErrorsAndTheServiceGoesOn() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("victim.jsonl");
        Process victim = launchFixture(record, "Victim", "600,0");
        FixtureFullState.beside(record).await(s -> s.get("seq").asInt() >= 1);
        JsonNode tree = ok("victim", "snapshot", "--pid", Long.toString(victim.pid()), "-i").get("tree");
        String check = ref(tree, "checkbox", "Enable feature");

        new ProcessBuilder("kill", "-STOP", Long.toString(victim.pid())).start().waitFor(5, TimeUnit.SECONDS);
        try {
            long t0 = System.nanoTime();
            JsonNode hung = error("victim", "check", check, "--timeout", "1500");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(hung.get("code").asString()).isIn("APP_UNRESPONSIVE", "TIMEOUT");
            assertThat(ms).isLessThan(4000);
            // other applications are still served meanwhile
            ok("victim", "check", scoped("role=checkbox name=\"Enable feature\""));
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(victim.pid())).start().waitFor(5, TimeUnit.SECONDS);
        }
        victim.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        JsonNode gone = error("victim", "check", check, "--timeout", "1500");
        assertThat(gone.get("code").asString()).isEqualTo("STALE_REF");
        ok("victim", "uncheck", scoped("role=checkbox name=\"Enable feature\""));
    }

    @Test
    void waitsSeeTheDelayedButtonEnableAndTheVanishingButtonGo() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("waits.jsonl");
        FixtureFullState waits = FixtureFullState.beside(record);
        Process p = DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON, PrivateDesktopExtension.fixture(
                "gtk_fixture.py").toString(), "--state", record.toString(), "--title", "Waiting", "--position",
                "600,300", "--enable-after", "1500");
        try {
            String delayed = "title=Waiting >> role=button name=Delayed";
            // the button exists (disabled) long before it enables: the click auto-waits, then clicks once
            ok("waits", "wait", "element", delayed, "--timeout", "8000");
            JsonNode clicked = ok("waits", "action", delayed, "click", "--timeout", "8000");
            assertThat(clicked.get("waited_ms").asLong()).isPositive();
            waits.await(s -> s.get("clicks").get("delayed").asInt() == 1);
            JsonNode enabled = ok("waits", "wait", "element", delayed, "--predicate", "enabled");
            assertThat(enabled.get("element").get("states").toString()).contains("enabled");

            JsonNode never = error("waits", "wait", "element", "title=Waiting >> role=button name=\"Never enabled\"",
                    "--predicate", "enabled", "--timeout", "500");
            assertThat(never.get("code").asString()).isEqualTo("TIMEOUT");
            assertThat(never.get("details").get("kind").asString()).isEqualTo("wait_timeout");

            ok("waits", "action", "title=Waiting >> role=button name=\"Press me\"", "click");
            ok("waits", "action", "title=Waiting >> role=button name=\"Open dialog\"", "click");
            JsonNode text = ok("waits", "wait", "text", "Proceed?", "--window", "title=Confirm", "--timeout", "5000");
            assertThat(text.get("element").get("name").asString()).isEqualTo("Proceed?");
            ok("waits", "action", "title=Confirm >> role=button name=Cancel", "click");
            ok("waits", "wait", "text", "Proceed?", "--window", "title=Confirm", "--gone", "--timeout", "5000");
            ok("waits", "action", "title=Waiting >> role=button name=Vanish", "click");
            ok("waits", "wait", "element", "title=Waiting >> role=button name=Vanish", "--gone", "--timeout", "5000");
            JsonNode s = waits.await(x -> x.get("vanished").asBoolean());
            assertThat(s.get("clicks").get("delayed").asInt()).isEqualTo(1);
            assertThat(s.get("clicks").get("press").asInt()).isEqualTo(1);
            assertThat(s.get("dialog").get("response").asString()).isEqualTo("cancel");
        } finally {
            p.destroy();
        }
    }
}
