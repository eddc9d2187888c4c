package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.ExternalTool;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every command that takes an element target fails the same way on the same bad target, against the real GTK
 * fixture: an unknown snapshot, a ref the snapshot lacks, an invalid query, two twins, an element that vanished, a
 * disabled button past the budget, and a stopped application. The codes are the contract's; the fixture is the
 * oracle that the bad target exists as described (twins on screen, the vanished button gone from its tree).
 */
@Tag("e2e")
class ElementTargetErrorsEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final String SESSION = "target-errors";
    private static final String T = "TARGET";
    private static String vanished;

    /** Each element-target command, TARGET standing for the target, with a short budget where it has one. */
    static Stream<List<String>> commands() {
        List<List<String>> out = new ArrayList<>();
        for (String plain : List.of("click", "dblclick", "right-click", "triple-click", "hover", "focus", "clear",
                "toggle", "check", "uncheck", "expand", "collapse", "scroll-to", "scroll")) {
            out.add(List.of(plain, T, "--timeout", "300"));
        }
        out.add(List.of("type", T, "x", "--timeout", "300"));
        out.add(List.of("set-value", T, "1", "--timeout", "300"));
        out.add(List.of("select", T, "beta", "--timeout", "300"));
        out.add(List.of("action", T, "click", "--timeout", "300"));
        out.add(List.of("fill", T, "x", "--timeout", "300"));
        out.add(List.of("drag", T, "--to", "10,10", "--timeout", "300"));
        out.addAll(queries().toList());
        return out.stream();
    }

    /** The commands that read an element without acting on it. */
    static Stream<List<String>> queries() {
        return Stream.of(List.of("is", T, "--property", "enabled", "--timeout", "300"),
                List.of("get", "element", T, "--property", "name", "--timeout", "300"),
                List.of("snapshot", "--root", T, "--timeout", "300"));
    }

    /** The commands that act, and wait for the element to be actionable first. */
    static Stream<List<String>> actions() {
        return commands().filter(c -> queries().noneMatch(c::equals));
    }

    @BeforeAll
    static void fixtureWithAVanishedButton() {
        Process app = DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("errors.jsonl"), "Errors fixture");
        JsonNode snap = Poll.value("the fixture's snapshot with its Vanish button", Duration.ofSeconds(20), () -> {
            JsonNode e = run(SESSION, List.of("snapshot", "--pid", Long.toString(app.pid()), "-i"));
            return e.get("success").asBoolean() ? find(e.get("data").get("tree"), "Vanish") : Optional.empty();
        });
        vanished = "@" + snap.get("ref_id").asString();
        assertThat(run(SESSION, List.of("click", vanished)).get("success").asBoolean()).isTrue();
        Poll.until("the Vanish button gone from the fixture's tree", () -> find(run("other", List.of("snapshot",
                "--pid", Long.toString(app.pid()))).get("data").get("tree"), "Vanish").isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aTargetFromAnUnknownSnapshotIsSnapshotNotFound(List<String> command) {
        assertThat(code(command, "@szz9:e1")).isEqualTo("SNAPSHOT_NOT_FOUND");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aRefTheSnapshotLacksIsElementNotFound(List<String> command) {
        assertThat(code(command, "@e999")).isEqualTo("ELEMENT_NOT_FOUND");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void anInvalidQueryIsSelectorInvalid(List<String> command) {
        assertThat(code(command, "role=button nth=x")).isEqualTo("SELECTOR_INVALID");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void twinsAreAmbiguousWithBothCandidates(List<String> command) {
        JsonNode e = run(SESSION, words(command, "role=button name=Twin"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("SELECTOR_AMBIGUOUS");
        assertThat(e.get("error").get("details").toString()).contains("Twin");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aRefToAVanishedElementIsStale(List<String> command) {
        assertThat(code(command, vanished)).isEqualTo("STALE_REF");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("actions")
    void aDisabledTargetTimesOutOnActionability(List<String> command) {
        JsonNode e = run(SESSION, words(command, "role=button name=\"Never enabled\""));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("TIMEOUT");
        assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("actionability");
    }

    /** A stopped (SIGSTOP) application: every command answers within its budget, and the daemon goes on. */
    @Test
    void aStoppedApplicationIsUnresponsiveForEveryCommand() {
        Process app = DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("stopped.jsonl"), "Stopped fixture");
        String ref = Poll.value("the stopped fixture's button", Duration.ofSeconds(20), () -> {
            JsonNode e = run("stopped", List.of("snapshot", "--pid", Long.toString(app.pid()), "-i"));
            return e.get("success").asBoolean() ? find(e.get("data").get("tree"), "Press me") : Optional.empty();
        }).get("ref_id").asString();
        signal(app.pid(), "STOP");
        try {
            List<String> answered = new ArrayList<>();
            commands().forEach(command -> {
                long t0 = System.nanoTime();
                JsonNode e = run("stopped", words(command, "@" + ref));
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertThat(e.get("error").get("code").asString()).as(String.join(" ", command) + ": " + e)
                        .isEqualTo("APP_UNRESPONSIVE");
                assertThat(ms).as("%s answered within its 300 ms budget and a margin", command).isLessThan(5_000);
                answered.add(command.getFirst());
            });
            assertThat(answered).hasSize((int) commands().count());
        } finally {
            signal(app.pid(), "CONT");
        }
        assertThat(run("stopped", List.of("version")).get("success").asBoolean()).isTrue();
    }

    /**
     * An unscoped query while one application is stopped: the applications that answer are searched and the stopped
     * one is named as unanswered (the process we stopped is the oracle), never silently left out; a query only it
     * could satisfy is APP_UNRESPONSIVE rather than an empty success, for find and (once its auto-wait ends) for an
     * element action alike, a snapshot of or a wait in its window is APP_UNRESPONSIVE rather than "no accessibility
     * tree", and an unscoped wait's TIMEOUT names it; find answers within its per-application wait, not the
     * whole default budget (10 s before).
     */
    @Test
    void aStoppedApplicationIsNamedByAnUnscopedQueryNotSilentlySkipped() {
        Process app = DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("silent.jsonl"), "Silent fixture");
        List<String> onlyIt = List.of("find", "--name", "Silent fixture", "--count");
        Poll.until("the silent fixture's window found", () -> {
            JsonNode e = run("silent", onlyIt);
            return e.get("success").asBoolean() && e.get("data").get("count").asInt() == 1;
        });
        signal(app.pid(), "STOP");
        try {
            long t0 = System.nanoTime();
            JsonNode found = run("silent", List.of("find", "--role", "button"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertThat(found.get("success").asBoolean()).as(found.toString()).isTrue();
            assertThat(found.get("data").get("count").asInt()).as("the Errors fixture's buttons").isPositive();
            for (JsonNode el : found.get("data").get("elements")) {
                assertThat(el.get("pid").asLong()).isNotEqualTo(app.pid());
            }
            assertThat(found.get("data").get("unanswered")).hasSize(1);
            assertThat(found.get("data").get("unanswered").get(0).get("pid").asLong()).isEqualTo(app.pid());
            assertThat(found.get("_agent_hints").get("summary").asString()).contains("pid " + app.pid());
            assertThat(ms).as("find answered within the per-application wait and a margin").isLessThan(5_000);

            for (List<String> command : List.of(List.of("find", "--name", "Silent fixture"),
                    List.of("click", "name=\"Silent fixture\"", "--timeout", "3000"),
                    List.of("snapshot", "--window", "title~=Silent"),
                    List.of("wait", "element", "title~=Silent >> role=button", "--timeout", "3000"),
                    List.of("wait", "text", "Press", "--window", "title~=Silent", "--timeout", "3000"))) {
                long t1 = System.nanoTime();
                JsonNode e = run("silent", command);
                long took = (System.nanoTime() - t1) / 1_000_000;
                assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
                assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("APP_UNRESPONSIVE");
                assertThat(e.get("error").get("details").path("matches").asInt(0)).isZero();
                assertThat(e.get("error").get("details").get("unanswered").get(0).get("pid").asLong())
                        .as(e.toString()).isEqualTo(app.pid());
                assertThat(took).as(String.join(" ", command)).isLessThan(5_000);
            }
            // a budget shorter than the wait that would name the silent application: out of time, blaming no one
            for (List<String> command : List.of(List.of("find", "--role", "button"),
                    List.of("get", "element", "role=button name=Nothing", "--property", "name"),
                    List.of("is", "role=button name=Nothing", "--property", "enabled"),
                    List.of("snapshot", "--window", "title~=Silent"))) {
                List<String> argv = new ArrayList<>(command);
                argv.addAll(List.of("--timeout", "400"));
                JsonNode e = run("silent", argv);
                assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("TIMEOUT");
                assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("out_of_time");
            }
            // a wait goes on past the silence (the text may yet appear where it is answered) and says it at the end
            JsonNode waited = run("silent", List.of("wait", "text", "Silent fixture", "--timeout", "1500"));
            assertThat(waited.get("error").get("code").asString()).as(waited.toString()).isEqualTo("TIMEOUT");
            JsonNode observed = waited.get("error").get("details").get("last_observed");
            assertThat(observed.get("error").asString()).isEqualTo("APP_UNRESPONSIVE");
            assertThat(observed.get("unanswered").get(0).get("pid").asLong()).isEqualTo(app.pid());
        } finally {
            signal(app.pid(), "CONT");
        }
        JsonNode again = run("silent", onlyIt);
        assertThat(again.get("data").get("count").asInt()).as(again.toString()).isEqualTo(1);
        assertThat(again.get("data").has("unanswered")).isFalse();
        app.destroy();
    }

    /**
     * close-app on a stopped application: the close request is sent but nothing closes, so it is APP_UNRESPONSIVE
     * with delivery delivered_unverified (not success, not "not found"); the window (xdotool's own search) and the
     * process stay; once the application runs again it handles the request it was sent and its window goes.
     */
    @Test
    void closingAStoppedApplicationIsUnresponsiveAndTheRequestLandsWhenItRunsAgain() {
        Process app = DESKTOP.launchGtkFixture(DESKTOP.runtimeDir().resolve("closing.jsonl"), "Closing fixture");
        List<String> search = List.of("xdotool", "search", "--name", "^Closing fixture$");
        Poll.until("the closing fixture's window", () -> !ExternalTool.run(DESKTOP.env(),
                search.toArray(String[]::new)).text().isBlank());
        signal(app.pid(), "STOP");
        JsonNode e;
        try {
            e = run("closing", List.of("close-app", Long.toString(app.pid()), "--timeout", "1000"));
            assertThat(ExternalTool.run(DESKTOP.env(), search.toArray(String[]::new)).text()).isNotBlank();
            assertThat(app.isAlive()).isTrue();
        } finally {
            signal(app.pid(), "CONT");
        }
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("APP_UNRESPONSIVE");
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("delivered_unverified");
        Poll.until("the window closed once the application ran again", () -> ExternalTool.run(DESKTOP.env(),
                search.toArray(String[]::new)).text().isBlank());
        app.destroy();
    }

    /**
     * Stability is judged across one frame: a button whose window xdotool keeps moving (a new position every few
     * ms) is never clicked, and the same button clicks at once when the window holds still. The fixture's own
     * click record is the oracle.
     */
    @Test
    void aMovingElementIsNotActionableAndAStillOneIs() throws Exception {
        Path state = DESKTOP.runtimeDir().resolve("moving.jsonl");
        Process app = DESKTOP.launchGtkFixture(state, "Moving fixture");
        String ref = "@" + Poll.value("the moving fixture's button", Duration.ofSeconds(20), () -> {
            JsonNode e = run("moving", List.of("snapshot", "--pid", Long.toString(app.pid()), "-i"));
            return e.get("success").asBoolean() ? find(e.get("data").get("tree"), "Press me") : Optional.empty();
        }).get("ref_id").asString();
        Process mover = DESKTOP.launch("sh", "-c", "id=$(xdotool search --sync --name '^Moving fixture$' | head -1); "
                + "x=0; while :; do x=$(( (x + 7) % 400 )); xdotool windowmove \"$id\" $((100 + x)) 100; done");
        String[] where = {""};
        Poll.until("the fixture's window moving", () -> {
            String now = ExternalTool.run(DESKTOP.env(), "xdotool", "search", "--name", "^Moving fixture$",
                    "getwindowgeometry").text();
            boolean moved = !where[0].isEmpty() && !now.equals(where[0]);
            where[0] = now;
            return moved;
        });
        JsonNode moving;
        try {
            moving = run("moving", List.of("click", ref, "--timeout", "800"));
        } finally {
            mover.destroy();
            mover.waitFor();
        }
        assertThat(moving.get("error").get("code").asString()).as(moving.toString()).isEqualTo("TIMEOUT");
        assertThat(moving.get("error").get("details").get("failing").toString()).as(moving.toString()).contains("stable");
        assertThat(Files.readString(state)).as("nothing was clicked while it moved").doesNotContain("\"clicked\"");

        Poll.until("a click once the window holds still", Duration.ofSeconds(10),
                () -> run("moving", List.of("click", ref, "--timeout", "2000")).get("success").asBoolean());
        Poll.until("the fixture recorded the click", () -> read(state).contains("\"clicked\""));
    }

    /** `wait element`: a malformed target or one naming nothing fails at once; what is not (or no longer) there is waited out. */
    @Test
    void waitElementFailsOnBadTargetsAndWaitsOutMissingOnes() {
        List<String> wait = List.of("wait", "element", T, "--timeout", "300");
        assertThat(code(wait, "@szz9:e1")).isEqualTo("SNAPSHOT_NOT_FOUND");
        assertThat(code(wait, "@e999")).isEqualTo("ELEMENT_NOT_FOUND");
        assertThat(code(wait, "role=button nth=x")).isEqualTo("SELECTOR_INVALID");
        assertThat(code(wait, "role=button name=Twin")).isEqualTo("SELECTOR_AMBIGUOUS");
        assertThat(code(wait, vanished)).isEqualTo("TIMEOUT");
        assertThat(code(wait, "title=no such window >> role=button name=Twin")).isEqualTo("TIMEOUT");
        JsonNode gone = run(SESSION, List.of("wait", "element", vanished, "--gone", "--timeout", "300"));
        assertThat(gone.get("success").asBoolean()).as(gone.toString()).isTrue();
    }

    /** `wait text`: text two elements hold is ambiguous; a bad window selector is invalid, a missing window waited for. */
    @Test
    void waitTextFailsOnAmbiguousTextAndABadWindow() {
        JsonNode twins = run(SESSION, List.of("wait", "text", "Twin", "--timeout", "300"));
        assertThat(twins.get("error").get("code").asString()).as(twins.toString()).isEqualTo("SELECTOR_AMBIGUOUS");
        assertThat(twins.get("error").get("details").toString()).contains("Twin");
        List<String> press = List.of("wait", "text", "Press me", "--window", T, "--timeout", "300");
        assertThat(code(press, "title=/(/")).isEqualTo("SELECTOR_INVALID");
        assertThat(code(press, "title=no such window")).isEqualTo("TIMEOUT");
    }

    /** The reading commands answer at once that the window scoping their target is not there. */
    @Test
    void aTargetScopedToAMissingWindowIsSelectorNotFoundForReads() {
        String missing = "title=no such window";
        String target = missing + " >> role=button name=Twin";
        assertThat(code(List.of("is", T, "--property", "enabled"), target)).isEqualTo("SELECTOR_NOT_FOUND");
        assertThat(code(List.of("get", "element", T, "--property", "name"), target)).isEqualTo("SELECTOR_NOT_FOUND");
        assertThat(code(List.of("find", T, "--role", "button"), missing)).isEqualTo("SELECTOR_NOT_FOUND");
        assertThat(code(List.of("snapshot", "--window", T), missing)).isEqualTo("SELECTOR_NOT_FOUND");
    }

    /** `find --query` takes refs as the other commands do, and its window scope must name one window. */
    @Test
    void findReportsBadRefsAndAnAmbiguousScope() {
        List<String> byRef = List.of("find", "--query", T);
        assertThat(code(byRef, "@szz9:e1")).isEqualTo("SNAPSHOT_NOT_FOUND");
        assertThat(code(byRef, "@e999")).isEqualTo("ELEMENT_NOT_FOUND");
        assertThat(code(byRef, vanished)).isEqualTo("STALE_REF");
        Process one = DESKTOP.launch("xterm", "-T", "scope twin");
        Process two = DESKTOP.launch("xterm", "-T", "scope twin");
        try {
            // an xterm is matched once the window manager has placed it: until both are, the scope names none
            // (SELECTOR_NOT_FOUND) or the first alone, which has no accessibility tree (ELEMENT_NOT_FOUND)
            JsonNode e = Poll.value("find scoped to both 'scope twin' xterms", Duration.ofSeconds(20), () -> {
                JsonNode found = run(SESSION, List.of("find", "title=\"scope twin\"", "--role", "button"));
                String code = found.path("error").path("code").asString("");
                return code.equals("SELECTOR_NOT_FOUND") || code.equals("ELEMENT_NOT_FOUND") ? Optional.empty()
                        : Optional.of(found);
            });
            assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("SELECTOR_AMBIGUOUS");
            assertThat(e.get("error").get("details").get("candidates").size()).isEqualTo(2);
        } finally {
            one.destroy();
            two.destroy();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void signal(long pid, String name) {
        try {
            assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor()).isZero();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String code(List<String> command, String target) {
        JsonNode e = run(SESSION, words(command, target));
        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        return e.get("error").get("code").asString();
    }

    private static List<String> words(List<String> command, String target) {
        return command.stream().map(w -> w.equals(T) ? target : w).toList();
    }

    private static JsonNode run(String session, List<String> words) {
        List<String> argv = new ArrayList<>(List.of("--session", session));
        argv.addAll(words);
        return ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", argv.toArray(String[]::new)));
    }

    private static Optional<JsonNode> find(JsonNode n, String name) {
        if (n == null) {
            return Optional.empty();
        }
        if (n.has("name") && name.equals(n.get("name").asString()) && n.has("ref_id")) {
            return Optional.of(n);
        }
        for (JsonNode c : n.path("children")) {
            Optional<JsonNode> hit = find(c, name);
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }
}
