package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.json.Json;
import dev.uictl.core.pattern.UserPattern;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The compact screen forms on real programs: runs expand back to exactly the per-cell form (vim with syntax colours,
 * htop, a 16/256/truecolour and attribute palette, wide CJK and emoji text); --terse leaves out only what equals its
 * base; --diff applied to the base screen gives the full screen the session shows.
 */
class CompactScreensTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    @RegisterExtension
    final SessionsPerTest perTest = new SessionsPerTest();
    private final TerminalSessions sessions = perTest.sessions;
    @TempDir
    Path tmp;

    private TerminalSession open(String ready, String... argv) {
        OpenResult opened = sessions.open(new OpenRequest(List.of(argv), Map.of("PATH", "/usr/bin:/bin",
                        "HOME", tmp.toString(), "LANG", "C.UTF-8"), Map.of("PS1", "$ "), tmp, 24, 80, null),
                SettlePolicy.STARTUP, new Readiness(new WaitCondition.Text(ready), WAIT), Cancellation.NEVER);
        return sessions.find(opened.sessionId());
    }

    private static String resource(String name) {
        try {
            return Path.of(CompactScreensTest.class.getResource("/compact/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The runs of the per-cell screen expand to exactly its cells, and the runs form is far smaller. */
    private static List<List<CellRun>> assertRoundTrip(TerminalSession s) {
        ScreenView full = s.screen(CellForm.FULL, 0);
        List<List<CellRun>> runs = CellRuns.of(full.cells());
        List<List<ScreenView.CellView>> expanded = new ArrayList<>();
        for (List<CellRun> row : runs) {
            expanded.add(CellRuns.expand(row, full.cols()));
        }
        for (int r = 0; r < full.rows(); r++) {
            assertThat(expanded.get(r)).as("row %d: %s", r, full.lines().get(r)).isEqualTo(full.cells().get(r));
        }
        ScreenView compact = s.screen(CellForm.RUNS, 0);
        if (compact.snapshotId().equals(full.snapshotId())) {
            assertThat(compact.runs()).isEqualTo(runs);
            assertThat(compact.cells()).isNull();
        }
        int fullBytes = Json.write(full).length();
        int runBytes = Json.write(compact).length();
        assertThat(runBytes).as("runs %d bytes vs cells %d", runBytes, fullBytes).isLessThan(25_000)
                .isLessThan(fullBytes / 5);
        return runs;
    }

    @Test
    void vimWithSyntaxColoursRoundTrips() {
        TerminalSession s = open("SystemExit", "vim", "-u", "NONE", "-i", "NONE", "-N", "-c", "syntax on",
                "-c", "set number cursorline", resource("sample.py"));
        List<List<CellRun>> runs = assertRoundTrip(s);
        assertThat(runs.stream().flatMap(List::stream).filter(r -> r.style() != null).count())
                .as("syntax colours give styled runs").isGreaterThan(10);
        s.keys(List.of(":", "s", "e", "t", " ", "t", "e", "r", "m", "g", "u", "i", "c", "o", "l", "o", "r", "s",
                "Enter"), SettlePolicy.ACTION);
        assertRoundTrip(s);
    }

    @Test
    void htopRoundTrips() {
        TerminalSession s = open("PID", "htop");
        s.await(new WaitCondition.Idle(Duration.ofMillis(300)), WAIT);
        List<List<CellRun>> runs = assertRoundTrip(s);
        assertThat(runs.stream().flatMap(List::stream).filter(r -> r.style() != null && r.style().bg() != null)
                .count()).as("htop's header and footer bars are coloured").isGreaterThan(2);
    }

    @Test
    void paletteWideAndCombinedCharactersRoundTrip() {
        TerminalSession s = open("ready", "sh", "-c", "python3 " + resource("palette.py") + "; exec cat");
        List<List<CellRun>> runs = assertRoundTrip(s);
        List<CellRun> all = runs.stream().flatMap(List::stream).toList();
        assertThat(all).anySatisfy(r -> assertThat(Json.write(r.style())).contains("ansi256"));
        assertThat(all).anySatisfy(r -> assertThat(Json.write(r.style())).contains("rgb"));
        assertThat(all).anySatisfy(r -> {
            assertThat(r.width()).isEqualTo(2);
            assertThat(r.text()).isEqualTo("你好世界");
        });
        assertThat(all).anySatisfy(r -> assertThat(r.cluster()).isTrue());
        ScreenView full = s.screen(CellForm.FULL, 0);
        int row = full.lines().indexOf("你好世界 wide 表 红色 ascii");
        assertThat(row).isNotNegative();
        CellRun red = runs.get(row).stream().filter(r -> r.text().equals("红色")).findFirst().orElseThrow();
        assertThat(red.col()).as("two wide characters before it take 4 columns each pair").isEqualTo(17);
        assertThat(full.cells().get(row).get(17).ch()).isEqualTo("红");
    }

    @Test
    void terseLeavesOutWhatEqualsTheScreenBeforeTheInput() {
        TerminalSession s = open("$ ", "bash", "--norc", "--noprofile", "-i");
        s.type("echo hi", SettlePolicy.ACTION);
        ActionResult entered = s.keys(List.of("Enter"), SettlePolicy.ACTION, new AfterInput(
                new WaitCondition.Regex(UserPattern.compile("^\\$$", true)), WAIT),
                Cancellation.NEVER);
        JsonNode terse = Json.tree(entered.terse());
        assertThat(terse.has("sent")).isFalse();
        assertThat(terse.has("bytes")).isFalse();
        assertThat(terse.has("events")).isFalse();
        assertThat(terse.has("input")).isFalse();
        assertThat(terse.has("waited_for")).as("the echo of the follow-up condition").isFalse();
        assertThat(terse.has("settled")).as("settled when true").isFalse();
        assertThat(terse.get("session_id").asString()).isEqualTo(entered.sessionId());
        JsonNode screen = terse.get("screen");
        assertThat(screen.has("modes")).isFalse();
        assertThat(screen.has("title")).isFalse();
        assertThat(screen.has("rows")).isFalse();
        assertThat(screen.has("snapshot_version")).isFalse();
        assertThat(screen.get("cursor").get("row").asInt()).isEqualTo(2);
        assertThat(screen.get("lines")).hasSize(3);
        assertThat(screen.get("lines").get(1).asString()).isEqualTo("hi");

        ActionResult nothing = s.type("", SettlePolicy.ACTION);
        assertThat(Json.tree(nothing.terse()).get("screen").has("cursor")).as("an unchanged cursor").isFalse();
        ActionResult resized = s.resize(20, 60, SettlePolicy.ACTION);
        JsonNode resizedScreen = Json.tree(resized.terse()).get("screen");
        assertThat(resizedScreen.get("rows").asInt()).isEqualTo(20);
        assertThat(resizedScreen.get("cols").asInt()).isEqualTo(60);
    }

    @Test
    void aDiffAppliedToItsBaseIsTheScreenTheSessionShows() {
        TerminalSession s = open("$ ", "bash", "--norc", "--noprofile", "-i");
        ScreenView start = s.screen(CellForm.NONE, 0);
        ActionResult typed = s.type("printf 'one\\ntwo\\n'", SettlePolicy.ACTION).asDiff();
        assertThat(typed.screen()).isNull();
        assertThat(typed.diff().base()).isEqualTo(start.snapshotId());
        assertThat(typed.diff().changed()).extracting(ScreenDiff.RowChange::row).containsExactly(0);
        ActionResult entered = s.keys(List.of("Enter"), SettlePolicy.ACTION, new AfterInput(
                new WaitCondition.Text("two"), WAIT), Cancellation.NEVER).asDiff();
        ScreenDiff d = entered.diff();
        assertThat(d.base()).isEqualTo(typed.diff().snapshotId());
        ScreenView now = s.screen(CellForm.NONE, 0);
        assertThat(applied(s.screen(CellForm.NONE, 0).lines().size(), entered.before().lines(), d))
                .isEqualTo(now.lines());
        assertThat(d.changed()).extracting(ScreenDiff.RowChange::text).startsWith("one", "two");
        assertThat(d.cursor()).isNotNull();
        assertThat(d.modes()).isNull();
        assertThat(d.title()).isNull();

        WaitResult since = s.await(new WaitCondition.Idle(Duration.ofMillis(50)), WAIT, start.snapshotId(),
                Cancellation.NEVER).asDiff();
        assertThat(since.diff().base()).isEqualTo(start.snapshotId());
        assertThat(applied(now.lines().size(), start.lines(), since.diff())).isEqualTo(now.lines());
    }

    private static List<String> applied(int rows, List<String> base, ScreenDiff diff) {
        List<String> out = new ArrayList<>(base.subList(0, Math.min(rows, base.size())));
        while (out.size() < rows) {
            out.add("");
        }
        diff.changed().forEach(c -> out.set(c.row(), c.text()));
        return out;
    }
}
