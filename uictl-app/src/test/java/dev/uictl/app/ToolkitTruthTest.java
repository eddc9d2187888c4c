package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Toolkits other than our GTK 3 fixture, read and acted on the way a new user would, with the application's own record
 * as the oracle: Qt 5 and Qt 6 forms (PyQt) started with no accessibility switch of their own, a zenity dialog whose OK
 * ends the program, and the GTK fixture's modal dialog whose OK closes only the dialog. After every read the application
 * must still be running (a `GetAll` of the Accessible properties crashed Qt 5.15 and 6.4).
 */
class ToolkitTruthTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "Qt {0}")
    @ValueSource(strings = {"5", "6"})
    void aQtFormIsReadWithoutHarmAndEveryActionLandsInTheApplication(String qt) throws Exception {
        Path state = DESKTOP.runtimeDir().resolve("qt" + qt + ".json");
        String title = "Qt" + qt + " form";
        // no QT_LINUX_ACCESSIBILITY_ALWAYS_ON: the desktop turns accessibility on as a screen reader does, and Qt 6
        // registers only on a bus it found itself (not one named by AT_SPI_BUS_ADDRESS)
        Process app = DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON,
                PrivateDesktopExtension.fixture("qt_fixture.py").toString(), "--qt", qt, "--state", state.toString(),
                "--title", title);
        ExternalTool.await("the Qt form shown", () -> Files.exists(state));
        ExternalTool.await("the Qt form registered on the accessibility bus", () -> ok("list-windows").path("windows")
                .valueStream().anyMatch(w -> w.path("title").asString().equals(title)
                        && w.path("accessible").asBoolean()));
        assertThat(app.isAlive()).as("alive after list-windows").isTrue();
        assertThat(ok("find", "--role", "button", "--count").path("count").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(app.isAlive()).as("alive after an unscoped find").isTrue();
        assertThat(ok("snapshot", "-i", "--window", "title=\"" + title + "\"").toString())
                .contains("Customer name", "Subscribe", "Fruits");
        assertThat(app.isAlive()).as("alive after a snapshot").isTrue();

        String scope = "title=\"" + title + "\" >> ";
        ok("fill", scope + "role=textfield name=\"Customer name\"", "Ada L");
        awaitState(state, s -> s.path("name").asString().equals("Ada L"));
        ok("check", scope + "role=checkbox name=Subscribe");
        awaitState(state, s -> s.path("subscribe").asBoolean());
        // Qt's combo box has no Selection and its items' Toggle changes only the popup list: the choice is made by
        // opening the box and clicking the item, and verified by what the box shows
        JsonNode colour = ok("select", scope + "role=combobox", "Blue");
        assertThat(colour.path("delivery").asString()).isEqualTo("delivered_verified");
        awaitState(state, s -> s.path("colour").asString().equals("Blue"));
        ok("select", scope + "role=list name=Fruits", "Cherry");
        awaitState(state, s -> s.path("fruit").asString().equals("Cherry"));
        ok("set-value", scope + "role=slider name=Volume", "40");
        awaitState(state, s -> s.path("volume").asInt() == 40);
        ok("click", scope + "role=button name=\"Press me\"");
        awaitState(state, s -> s.path("clicks").asInt() == 1);
        assertThat(app.isAlive()).isTrue();

        // by label: the "Colour" label is a separate widget left of the combo box, which Qt names after its choice
        ok("fill", "--field", "Colour=Green", "--window", "title=\"" + title + "\"");
        awaitState(state, s -> s.path("colour").asString().equals("Green"));

        ok("click", scope + "role=button name=OK");
        assertThat(app.waitFor(10, TimeUnit.SECONDS)).as("the form's OK ends its program").isTrue();
        assertThat(app.exitValue()).isZero();
    }

    /**
     * Java Swing through the ATK wrapper: a form filled by its labels (a label-for label gives the text field its
     * name, and the field would tie with the label; "Colour" stands beside its combo box), a JComboBox item found
     * five levels down, and the combo box's name read fresh after a keyboard change that sends no event.
     */
    @Test
    void aSwingFormIsFilledByLabelAndReadFresh() throws Exception {
        Path state = DESKTOP.runtimeDir().resolve("swing.json");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process app = DESKTOP.launch(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                "/usr/share/java/java-atk-wrapper.jar", "-Djava.library.path=/usr/lib/x86_64-linux-gnu/jni",
                "-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper",
                PrivateDesktopExtension.fixture("SwingForm.java").toString(), state.toString(), "Swing fixture");
        // a single-file program is compiled at start: on a loaded machine that takes more than the usual 10 s
        Poll.until("the Swing form shown", Duration.ofSeconds(60), () -> Files.exists(state));
        String window = "title=\"Swing fixture\"";
        ExternalTool.await("the Swing form registered on the accessibility bus", () -> count(window, "OK") == 1);

        ok("fill", "--field", "Customer name=Ada", "--field", "Colour=Blue", "--window", window);
        awaitState(state, s -> s.path("name").asString().equals("Ada") && s.path("colour").asString().equals("Blue"));

        ok("click", window + " >> role=combobox", "--physical"); // opens its list at Blue
        ok("press", "Up");
        ok("press", "Return");
        awaitState(state, s -> s.path("colour").asString().equals("Green"));
        assertThat(ok("get", "element", window + " >> role=combobox", "--property", "name").path("value").asString())
                .as("the combo box's name after a change the bridge announced no event for").isEqualTo("Green");
        assertThat(ok("snapshot", "-i", "--window", window).toString()).contains("Green").doesNotContain("\"Blue\"");

        ok("check", window + " >> role=checkbox name=Subscribe");
        awaitState(state, s -> s.path("subscribe").asBoolean());
        ok("click", window + " >> role=button name=OK");
        assertThat(app.waitFor(10, TimeUnit.SECONDS)).as("the form's OK ends its program").isTrue();
        assertThat(app.exitValue()).isZero();
    }

    /**
     * Chromium: without --force-renderer-accessibility its window's page is the null object, and the snapshot says
     * so and names the switch; with it, a form filled by label, a {@code <select>} set (its actions read with GetName
     * where GetActions gives empty names), a check box and a button, each read back from the page's own title.
     */
    @Test
    void aChromiumPageSaysWhatItHidesAndItsFormTakesEveryAction() throws Exception {
        Path page = PrivateDesktopExtension.fixture("web_form.html");
        Path profile = DESKTOP.runtimeDir().resolve("chromium-plain");
        Process plain = DESKTOP.launch(chromium(profile, false, page));
        String window = "title~=\"Web form\"";
        ExternalTool.await("chromium's window accessible", () -> ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "",
                "snapshot", "--window", window)).path("data").path("warnings").toString()
                .contains("--force-renderer-accessibility"));
        plain.destroy();
        plain.waitFor(10, TimeUnit.SECONDS);

        Process app = DESKTOP.launch(chromium(DESKTOP.runtimeDir().resolve("chromium-a11y"), true, page));
        Poll.until("the page's form accessible", Duration.ofSeconds(30), () -> count(window, "OK") == 1);
        ok("fill", "--field", "Customer name=Ada", "--window", window);
        awaitTitle("\"name\":\"Ada\"");
        JsonNode size = ok("select", window + " >> role=combobox name=Size", "Large");
        assertThat(size.path("delivery").asString()).isEqualTo("delivered_verified");
        awaitTitle("\"size\":\"Large\"");
        ok("check", window + " >> role=checkbox name=Subscribe");
        awaitTitle("\"sub\":true");
        ok("click", window + " >> role=button name=OK");
        awaitTitle("\"clicks\":1");
        assertThat(app.isAlive()).isTrue();
        app.destroy();
    }

    /** Chromium as the tests run it: as root it needs --no-sandbox; nothing may reach for the network. */
    private static String[] chromium(Path profile, boolean accessible, Path page) {
        java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of("chromium", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--window-size=900,700"));
        if (accessible) {
            argv.add("--force-renderer-accessibility");
        }
        argv.add(page.toUri().toString());
        return argv.toArray(String[]::new);
    }

    /** The page's title as the X server has it (xdotool), not as accessibility reports it. */
    private static void awaitTitle(String part) {
        ExternalTool.await("the page's title showing " + part, () -> ExternalTool.run(DESKTOP.env(), "xdotool",
                "search", "--name", "Web form", "getwindowname").text().contains(part));
    }

    /**
     * GTK's file chooser with one file preselected: a click on another file's cell, and select on the Files table,
     * choose that file (the cell's "Activate" acted on the preselected row, which the dialog then returned; the
     * table's Selection was asked for the cell's index among the row's cells). zenity prints the chosen path.
     */
    @Test
    void aFileChooserReturnsTheFileClickedOrSelected() throws Exception {
        Path dir = Files.createDirectories(DESKTOP.runtimeDir().resolve("files"));
        for (String f : java.util.List.of("alpha.txt", "bravo.txt", "charlie.txt")) {
            Files.writeString(dir.resolve(f), f);
        }
        Path log = DESKTOP.runtimeDir().resolve("zenity.log");
        String chooser = "title=\"Pick one\"";
        java.util.Map<String, java.util.List<String>> ways = new java.util.LinkedHashMap<>();
        ways.put("charlie.txt", java.util.List.of("click", chooser + " >> role=cell name=charlie.txt"));
        ways.put("alpha.txt", java.util.List.of("select", chooser + " >> role=table name=Files", "alpha.txt"));
        for (var way : ways.entrySet()) {
            Process zenity = DESKTOP.launch("zenity", "--file-selection", "--title", "Pick one", "--filename",
                    dir.resolve("bravo.txt").toString());
            ExternalTool.await("the file chooser accessible", () -> count(chooser, "OK") == 1);
            ExternalTool.await("the files listed", () -> ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "",
                    "find", chooser, "--role", "cell", "--name", way.getKey(), "--count")).path("data").path("count")
                    .asInt(-1) == 1);
            JsonNode chose = ok(way.getValue().toArray(String[]::new));
            JsonNode action = chose.path("element").isObject() ? chose.path("element") : chose; // click: pointer shape
            assertThat(action.path("delivery").asString("")).as(chose.toString()).isEqualTo("delivered_verified");
            ok("click", chooser + " >> role=button name=OK");
            assertThat(zenity.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(zenity.exitValue()).isZero();
            // zenity prints the chosen path on stdout; the log also has GTK's warnings from stderr
            assertThat(Files.readAllLines(log).stream().filter(l -> l.startsWith("/")).toList().getLast())
                    .as(way.getValue().toString()).isEqualTo(dir.resolve(way.getKey()).toString());
        }
    }

    /**
     * GTK drops ENABLED from a check or radio button in the mixed state and keeps SENSITIVE: those in
     * gtk3-widget-factory's sensitive row take clicks and were shown [disabled]; its insensitive row stays disabled.
     */
    @Test
    void mixedButtonsThatTakeClicksAreNotDisabled() throws Exception {
        Process app = DESKTOP.launch("gtk3-widget-factory");
        String window = "title=gtk3-widget-factory";
        ExternalTool.await("the widget factory accessible", () -> ContractAssert.envelope(UictlRun.run(DESKTOP.env(),
                "", "find", window, "--state", "mixed", "--count")).path("data").path("count").asInt(-1) == 4);
        JsonNode enabled = ok("find", window, "--state", "mixed", "--state", "enabled");
        assertThat(enabled.path("count").asInt()).isEqualTo(2);
        for (JsonNode e : enabled.path("elements")) {
            assertThat(ok("is", e.path("ref_id").asString(), "--property", "enabled").path("result").asBoolean())
                    .as(e.toString()).isTrue();
        }
        assertThat(ok("find", window, "--state", "mixed", "--state", "disabled").path("count").asInt()).isEqualTo(2);
        app.destroy();
    }

    /** A click whose handling ended the program was reported ACTION_FAILED (NoReply) with the hint to retry it. */
    @Test
    void anOkThatEndsItsProgramIsAVerifiedSuccessNamingTheEffect() throws Exception {
        Process zenity = DESKTOP.launch("zenity", "--info", "--title", "Done here", "--text", "Finished");
        ExternalTool.await("the zenity dialog accessible", () -> count("title=\"Done here\"", "OK") == 1);
        JsonNode click = ok("click", "title=\"Done here\" >> role=button name=OK");
        assertThat(zenity.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(zenity.exitValue()).as("zenity's own answer: OK").isZero();
        JsonNode element = click.path("element");
        assertThat(element.path("delivery").asString()).isEqualTo("delivered_verified");
        assertThat(element.path("effect").asString()).isEqualTo("application_exited");
    }

    /** The GTK fixture's modal dialog: its OK closes the dialog and the program goes on. */
    @Test
    void anOkThatClosesOnlyItsDialogIsAVerifiedSuccessNamingTheEffect() throws Exception {
        Path record = DESKTOP.runtimeDir().resolve("dialog.jsonl");
        FixtureFullState state = FixtureFullState.beside(record);
        Process app = DESKTOP.launch(PrivateDesktopExtension.SYSTEM_PYTHON,
                PrivateDesktopExtension.fixture("gtk_fixture.py").toString(), "--state", record.toString(), "--title",
                "Dialog owner");
        state.await(s -> s.get("seq").asInt() >= 1);
        ok("click", "title=\"Dialog owner\" >> role=button name=\"Open dialog\"");
        ExternalTool.await("the dialog open", () -> count("title=Confirm", "OK") == 1);
        JsonNode click = ok("click", "title=Confirm >> role=button name=OK");
        JsonNode element = click.path("element");
        assertThat(element.path("effect").asString()).isEqualTo("window_closed");
        assertThat(element.path("delivery").asString()).isEqualTo("delivered_verified");
        assertThat(app.isAlive()).as("only the dialog closed").isTrue();
        assertThat(UictlRun.run(DESKTOP.env(), "", "list-windows", "--text").stdout()).doesNotContain("Confirm")
                .contains("Dialog owner");
    }

    private static JsonNode ok(String... argv) {
        UictlRun.Output out = UictlRun.run(DESKTOP.env(), "", argv);
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.path("success").asBoolean()).as(String.join(" ", argv) + " -> " + out.stdout()).isTrue();
        return e.path("data");
    }

    /** How many buttons named {@code name} the window {@code scope} shows. */
    private static int count(String scope, String name) {
        JsonNode e = ContractAssert.envelope(UictlRun.run(DESKTOP.env(), "", "find", scope, "--role", "button",
                "--name", name, "--count"));
        return e.path("data").path("count").asInt(-1);
    }

    private static void awaitState(Path file, Predicate<JsonNode> condition) {
        try {
            ExternalTool.await("the application's own state", () -> {
                try {
                    return condition.test(JSON.readTree(Files.readString(file)));
                } catch (Exception notYet) {
                    return false;
                }
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; it says " + read(file), e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
