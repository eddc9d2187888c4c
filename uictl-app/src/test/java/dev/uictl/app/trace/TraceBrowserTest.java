package dev.uictl.app.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.ExternalTool;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A trace of a real run (fixtures/trace_fixture.py driven by the scenario runner on a PTY), written by the trace
 * command and opened in headless Chromium (Debian's chromium driven by playwright-core, trace-test/check.mjs): the
 * steps and screens are visible, the keyboard moves between steps with a visible focus, colours and styles are
 * computed by the browser as the cells say, and markup from screen text, the window title and a step id is shown as
 * text and never runs (no extra script or image element, no flag set, the title unchanged).
 */
class TraceBrowserTest {
    private static final Path CHECKER = RecordedRun.HOME.resolve("trace-test");
    @TempDir
    static Path tmp;
    private static RunResult run;
    private static Path page;

    @BeforeAll
    static void recordAndRender() {
        boolean ready = Files.isDirectory(CHECKER.resolve("node_modules/playwright-core"))
                && Requires.onPath("node") && Files.isExecutable(Path.of("/usr/bin/chromium"));
        if (Requires.underCi()) {
            assertThat(ready).as("node, /usr/bin/chromium and trace-test/node_modules (scripts/setup)").isTrue();
        }
        assumeTrue(ready, "the trace browser test needs node, chromium and `npm ci` in trace-test (scripts/setup)");
        run = RecordedRun.record(tmp.resolve("artifacts"));
        page = Path.of("target/trace-test/trace.html").toAbsolutePath();
        try {
            Files.createDirectories(page.getParent()); // kept after the run for a person to open
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        UictlRun.Output out = UictlRun.run("trace", "--artifacts", tmp.resolve("artifacts").toString(), "-o",
                page.toString());
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
    }

    @Test
    void stepsScreensKeysAndStylesAsTheBrowserShowsThem() {
        JsonNode r = open(page);
        assertThat(r.get("pageErrors")).as("script errors").isEmpty();
        assertThat(r.get("requests")).as("network requests").isEmpty();

        // one list entry per step, plus the start-up and final screens; the failing step is marked
        List<String> labels = r.get("steps").valueStream().map(s -> s.get("text").asString()).toList();
        assertThat(labels).hasSize(run.steps().size() + 2);
        assertThat(labels.get(1)).contains("prompt").contains("passed");
        assertThat(labels.get(2)).contains(RecordedRun.HOSTILE_ID);
        assertThat(labels.get(3)).contains("never").contains("failed");
        assertThat(labels.get(4)).contains("skipped");
        assertThat(r.get("header").asString()).contains("trace fixture <b>run</b>").contains("failed")
                .contains("python3").contains("checksums\nverified");

        // it opens on the failed step, showing its observations (the retries) and the failed assertion
        JsonNode initial = r.get("initial");
        assertThat(initial.get("current").asString()).isEqualTo("3");
        assertThat(initial.get("focused").asString()).isEqualTo("3");
        assertThat(initial.get("focusVisible").asBoolean()).isTrue();
        assertThat(initial.get("shownPanels")).hasSize(1);
        int observations = run.steps().get(2).attempts();
        assertThat(observations).isGreaterThan(1);
        assertThat(initial.get("shownScreens")).hasSize(observations);
        assertThat(initial.get("shownObservations").get(1).asString()).contains("(retry)");
        assertThat(initial.get("shownAssertions").get(0).asString()).contains("✗ fail").contains("<img src=never>");

        // keys: g first, j/↓ next, k previous, G last, Home first, f next failed, t transcript, Escape closes it
        List<String> current = r.get("keys").valueStream().map(k -> k.get("current").asString()).toList();
        assertThat(current).containsExactly("0", "1", "2", "1", "5", "0", "3", "3", "3");
        r.get("keys").valueStream().filter(k -> !k.get("key").asString().equals("t")).forEach(k -> {
            assertThat(k.get("focused").asString()).as("focus after %s", k.get("key")).isEqualTo(k.get("current")
                    .asString());
            assertThat(k.get("focusVisible").asBoolean()).isTrue();
            assertThat(k.get("shownPanels")).hasSize(1);
            assertThat(k.get("shownPanels").get(0).asString()).isEqualTo(k.get("current").asString());
        });
        assertThat(r.get("keys").get(7).get("transcriptVisible").asBoolean()).isTrue();
        assertThat(r.get("keys").get(8).get("transcriptVisible").asBoolean()).isFalse();

        // screens: the step after typing shows the program's answer, as the snapshot's lines say
        JsonNode second = r.get("keys").get(2);
        assertThat(second.get("shownScreens").get(second.get("shownScreens").size() - 1).asString())
                .contains("hello Ada").contains("done");
        JsonNode start = r.get("keys").get(0).get("shownScreens").get(0);
        assertThat(start.asString()).contains("bold red").contains("你好")
                .contains("</script><script>document.title='pwned';window.__pwned=1</script>")
                .contains("<img src=x onerror=");

        // colours and styles as the browser computed them from the cells
        JsonNode s = r.get("render");
        assertThat(s.get("boldRed").get("color").asString()).isEqualTo("rgb(205, 0, 0)");
        assertThat(s.get("boldRed").get("weight").asInt()).isGreaterThanOrEqualTo(700);
        assertThat(s.get("italicUnder").get("italic").asString()).isEqualTo("italic");
        assertThat(s.get("italicUnder").get("decoration").asString()).contains("underline");
        assertThat(s.get("strike").get("decoration").asString()).contains("line-through");
        assertThat(s.get("inverse").get("color").asString()).isEqualTo("rgb(16, 16, 16)");
        assertThat(s.get("inverse").get("background").asString()).isEqualTo("rgb(208, 208, 208)");
        assertThat(Double.parseDouble(s.get("dim").get("opacity").asString())).isLessThan(1);
        assertThat(s.get("c256").get("color").asString()).isEqualTo("rgb(255, 0, 215)");
        assertThat(s.get("rgb").get("color").asString()).isEqualTo("rgb(10, 20, 30)");
        assertThat(s.get("rgb").get("background").asString()).isEqualTo("rgb(200, 100, 50)");
        assertThat(s.get("wideText").asString()).isEqualTo("你");
        assertThat(s.get("wideWidth").asDouble()).isCloseTo(2 * s.get("narrowWidthPerChar").asDouble(),
                org.assertj.core.data.Offset.offset(0.6));

        // the transcript shows the raw output with escape sequences made visible
        assertThat(r.get("transcriptText").asString()).contains("␛[1;31mbold red").contains("hello Ada");

        // nothing embedded ran: no flag, the title is the page's own, no injected elements
        assertThat(r.get("dialogs")).isEmpty();
        assertThat(r.get("pwned").isNull()).isTrue();
        assertThat(r.get("pwnedAfter").isNull()).isTrue();
        assertThat(r.get("title").asString()).startsWith("uictl trace: trace fixture <b>run</b>");
        assertThat(r.get("titleAfter").asString()).isEqualTo(r.get("title").asString());
        assertThat(r.get("scripts").asInt()).isEqualTo(1);
        assertThat(r.get("images").asInt()).isZero();
    }

    private static JsonNode open(Path html) {
        try {
            Process p = new ProcessBuilder("node", "check.mjs", html.toString()).directory(CHECKER.toFile()).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            String out = read(p.getInputStream());
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the browser check finished").isTrue();
            assertThat(p.exitValue()).as("check.mjs exit; stderr:%n%s", err.join()).isZero();
            Files.writeString(html.resolveSibling("browser-report.json"), out);
            return Json.parse(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
