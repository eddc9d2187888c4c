package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of the clipboard commands and their bad inputs on a private desktop, with xclip as the
 * independent client on the other side: it reads what uictl serves and serves what uictl reads, Unicode and
 * incremental (INCR) transfers included, on CLIPBOARD and PRIMARY.
 */
class ClipboardContractTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(640, 480, 1, false, false);
    private static final String UNICODE = "héllo wörld € ✓ 日本語 🎉\nsecond line\ttab";

    @TempDir
    Path files;

    @AfterEach
    void leaveNoOwner() {
        // Taking the selections away also ends any xclip still serving them.
        run("clipboard", "clear");
        run("clipboard", "clear", "--primary");
    }

    static Stream<Arguments> examples() {
        return Stream.of("clipboard set", "clipboard get", "clipboard clear").flatMap(name -> {
            CommandSpec spec = UictlRun.app().dispatcher().registry().find(name).orElseThrow().spec();
            return spec.examples().stream().map(Example::commandLine);
        }).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleIsAValidEnvelopeWithARealEffect(String line) throws IOException {
        String selection = line.contains("--primary") ? "primary" : "clipboard";
        String offered = "offered by xclip for " + line.hashCode();
        if (line.startsWith("clipboard get")) {
            xclipIn(selection, offered); // another client owns the selection: get must read what it serves
        }
        JsonNode data = success(run(line.split(" ")));
        assertThat(data.get("selection").asString()).isEqualTo(selection);
        if (line.startsWith("clipboard set")) {
            String text = line.split(" ")[2];
            assertThat(xclipOut(selection)).isEqualTo(text);
        } else if (line.startsWith("clipboard clear")) {
            assertThat(owner(selection)).isEqualTo("0x0");
        } else if (line.startsWith("clipboard get")) {
            assertThat(data.get("text").asString()).isEqualTo(offered);
            assertThat(data.get("owned_by_uictl").asBoolean()).isFalse();
        }
    }

    @Test
    void xclipReadsUnicodeTextUictlSets() {
        JsonNode data = success(run("clipboard", "set", UNICODE));

        assertThat(data.get("length").asInt()).isEqualTo(UNICODE.codePointCount(0, UNICODE.length()));
        assertThat(data.get("bytes").asInt()).isEqualTo(UNICODE.getBytes(StandardCharsets.UTF_8).length);
        assertThat(data.get("held_by").asString()).isEqualTo("in-process");
        assertThat(xclipOut("clipboard")).isEqualTo(UNICODE);
        assertThat(owner("clipboard")).isEqualTo(data.get("owner").asString());
        // Latin-1 clients get what Latin-1 can say, the rest as '?'.
        byte[] latin1 = ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o", "-t", "STRING")
                .stdout();
        assertThat(new String(latin1, StandardCharsets.ISO_8859_1)).startsWith("héllo wörld ? ? ??? ?\n");
        String targets = ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o", "-t", "TARGETS")
                .text();
        assertThat(targets.lines()).contains("TARGETS", "UTF8_STRING", "STRING", "TEXT", "text/plain;charset=utf-8");
        assertThat(ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o", "-t",
                "text/plain;charset=utf-8").text()).isEqualTo(UNICODE);
    }

    @Test
    void uictlReadsUnicodeTextXclipSets() throws IOException {
        xclipIn("clipboard", UNICODE);

        JsonNode data = success(run("clipboard", "get"));

        assertThat(data.get("text").asString()).isEqualTo(UNICODE);
        assertThat(data.get("owned_by_uictl").asBoolean()).isFalse();
        assertThat(data.get("target").asString()).isEqualTo("UTF8_STRING");
        assertThat(data.get("empty").asBoolean()).isFalse();
    }

    @Test
    void anOwnerOfferingOnlyLatin1StringIsReadThroughTheFallbackTarget() throws IOException {
        String before = owner("clipboard");
        Path file = Files.write(files.resolve("latin1.txt"), "grüße".getBytes(StandardCharsets.ISO_8859_1));
        ExternalTool.start(DESKTOP.env(), "xclip", "-selection", "clipboard", "-t", "STRING", "-i", file.toString());
        ExternalTool.await("xclip owning the clipboard", () -> !owner("clipboard").equals(before)
                && !owner("clipboard").equals("0x0"));

        JsonNode data = success(run("clipboard", "get"));

        assertThat(data.get("text").asString()).isEqualTo("grüße");
        assertThat(data.get("target").asString()).isEqualTo("STRING");
    }

    /** An owner holding only an image: no text to give, ACTION_FAILED naming it; xclip still reads the image. */
    @Test
    void anOwnerOfferingOnlyAnImageHasNoTextToGive() throws IOException {
        String before = owner("clipboard");
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 1, 2, 3};
        Path file = Files.write(files.resolve("image.png"), png);
        ExternalTool.start(DESKTOP.env(), "xclip", "-selection", "clipboard", "-t", "image/png", "-i", file.toString());
        ExternalTool.await("xclip owning the clipboard", () -> !owner("clipboard").equals(before)
                && !owner("clipboard").equals("0x0"));
        String owner = owner("clipboard");

        JsonNode e = ContractAssert.envelope(run("clipboard", "get"));

        assertThat(e.get("success").asBoolean()).as(e.toString()).isFalse();
        assertThat(e.get("error").get("code").asString()).isEqualTo("ACTION_FAILED");
        assertThat(e.get("error").get("details").get("owner").asString()).isEqualTo(owner);
        assertThat(ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o", "-t", "TARGETS").text())
                .contains("image/png").doesNotContain("UTF8_STRING").doesNotContain("STRING\n");
        assertThat(ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o", "-t", "image/png")
                .stdout()).isEqualTo(png);
    }

    @Test
    void thePrimarySelectionWorksBothWaysAndIsIndependentOfTheClipboard() throws IOException {
        success(run("clipboard", "set", "on the clipboard"));
        success(run("clipboard", "set", "primary ✓", "--primary"));
        assertThat(xclipOut("primary")).isEqualTo("primary ✓");
        assertThat(xclipOut("clipboard")).isEqualTo("on the clipboard");

        xclipIn("primary", "from xclip ✓");
        assertThat(success(run("clipboard", "get", "--primary")).get("text").asString()).isEqualTo("from xclip ✓");
        assertThat(success(run("clipboard", "get")).get("text").asString()).isEqualTo("on the clipboard");
    }

    @Test
    void largeTextTravelsIncrementallyBothWays() throws IOException {
        String big = "0123456789abcdef".repeat(40_000) + "✓end";
        success(run("clipboard", "set", big));
        assertThat(xclipOut("clipboard")).isEqualTo(big);

        String other = "xyz".repeat(300_000);
        xclipIn("clipboard", other);
        assertThat(success(run("clipboard", "get")).get("text").asString()).isEqualTo(other);
    }

    @Test
    void clearTakesTheSelectionAwayFromAnotherOwner() throws IOException {
        xclipIn("clipboard", "to be cleared");

        JsonNode data = success(run("clipboard", "clear"));

        assertThat(data.get("previous_owner").asString()).startsWith("0x");
        assertThat(owner("clipboard")).isEqualTo("0x0");
        JsonNode empty = success(run("clipboard", "get"));
        assertThat(empty.get("empty").asBoolean()).isTrue();
        assertThat(empty.get("text").asString()).isEmpty();
        assertThat(empty.has("owner")).isFalse();
    }

    @Test
    void setWithoutTheDaemonWarnsThatTheSelectionDiesWithTheProcess() {
        JsonNode e = ContractAssert.envelope(run("clipboard", "set", "short-lived"));
        assertThat(e.get("_agent_hints").get("warnings").toString()).contains("lost when it exits");
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("clipboard", "set"), ErrorCode.MISSING_REQUIRED),
                Arguments.of(List.of("clipboard", "get", "--timeout", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("clipboard", "get", "--timeout", "soon"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("clipboard", "paste"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("clipboard", "clear", "--bogus"), ErrorCode.INVALID_ARGS));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputIsAStructuredError(List<String> argv, ErrorCode expected) {
        JsonNode e = ContractAssert.envelope(run(argv.toArray(String[]::new)));
        assertThat(e.get("success").asBoolean()).isFalse();
        assertThat(e.get("error").get("code").asString()).isEqualTo(expected.name());
    }

    @Test
    void withoutADisplayEveryClipboardCommandSaysWhatIsMissing() {
        Map<String, String> env = new HashMap<>(DESKTOP.env());
        env.put("DISPLAY", "");
        for (String[] argv : List.of(new String[] {"clipboard", "get"}, new String[] {"clipboard", "set", "x"},
                new String[] {"clipboard", "clear"})) {
            JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", argv));
            assertThat(e.get("error").get("code").asString()).isEqualTo(ErrorCode.DEPENDENCY_MISSING.name());
            assertThat(e.get("error").get("hint").asString()).contains("uictl desktop up");
        }
    }

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    private static JsonNode success(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        return e.get("data");
    }

    private static String xclipOut(String selection) {
        ExternalTool.Output out = ExternalTool.run(DESKTOP.env(), "xclip", "-selection", selection, "-o");
        assertThat(out.exit()).as("xclip -o exit").isZero();
        return out.text();
    }

    /** xclip takes the selection with {@code text} and serves it in the background until someone takes it. */
    private void xclipIn(String selection, String text) throws IOException {
        String before = owner(selection);
        Path file = Files.writeString(files.resolve("xclip-" + System.nanoTime() + ".txt"), text);
        ExternalTool.start(DESKTOP.env(), "xclip", "-selection", selection, "-i", file.toString());
        ExternalTool.await("xclip owning " + selection, () -> {
            String now = owner(selection);
            return !now.equals("0x0") && !now.equals(before);
        });
    }

    /** The selection owner, asked of the X server on a connection apart from the one under test. */
    private static String owner(String selection) {
        return SelectionOwnerProbe.owner(DESKTOP, selection.toUpperCase(java.util.Locale.ROOT));
    }
}
