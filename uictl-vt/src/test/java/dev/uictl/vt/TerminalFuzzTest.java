package dev.uictl.vt;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.List;

/**
 * Arbitrary program output, resizes and snapshots never break the terminal: no exception, the cursor stays on the
 * screen, there are exactly {@code rows} lines of exactly {@code cols} column-aligned cells, and each line's text
 * is what its cells say. And where the output is split into writes never changes the screen.
 *
 * <p>{@code mvn test} replays the seeds in {@code src/test/resources/dev/uictl/vt/TerminalFuzzTestInputs/} (and
 * every finding saved there). To fuzz for real, for {@code maxDuration} (5 minutes) or until a finding:
 * <pre>JAZZER_FUZZ=1 ./mvnw -B -o -pl uictl-vt test -Dtest='TerminalFuzzTest#arbitraryOutputKeepsTheScreenConsistent'</pre>
 * (Jazzer fuzzes one test per run; name the other one the same way.)
 * The generated corpus stays in {@code uictl-vt/.cifuzz-corpus/} (git-ignored), so a second run continues where the
 * first stopped. A finding is written to the inputs directory above and stays there as a regression seed once fixed.
 */
class TerminalFuzzTest {

    private static final int MAX_ROWS = 60;
    private static final int MAX_COLS = 200;

    @FuzzTest(maxDuration = "5m")
    @DictionaryEntries({"\u001b[", "\u001b]", "\u001bP", "\u001b\\", "\u0007", "\u001b(0", "\u001b)0", "\u000e",
            "\u000f", "\u001b7", "\u001b8", "\u001bM", "\u001bD", "\u001bE", "\u001bc", "?1049h", "?1049l", "?47h",
            "?1047h", "?6h", "?7l", "?25l", "?1h", "?2004h", "?1006h", "?1000h", "4h", ";", ":", "38;5;", "48;2;",
            "38:2::", "r", "H", "J", "K", "L", "M", "P", "@", "X", "S", "T", "m", "n", "c", ">c", "6n", "22;0;0t", "t",
            "0;title", "中", "🚀", "\u0301", "\u200d", "\ufe0f", "\t"})
    void arbitraryOutputKeepsTheScreenConsistent(FuzzedDataProvider data) {
        int rows = data.consumeInt(1, MAX_ROWS);
        int cols = data.consumeInt(1, MAX_COLS);
        int scrollbackLimit = data.consumeInt(0, 50);
        Terminal terminal = new Terminal(rows, cols, scrollbackLimit);
        terminal.onReply(reply -> assertThat(reply).isNotEmpty());
        while (data.remainingBytes() > 0) {
            switch (data.consumeInt(0, 15)) {
                case 0 -> {
                    rows = data.consumeInt(1, MAX_ROWS);
                    cols = data.consumeInt(1, MAX_COLS);
                    terminal.resize(rows, cols);
                }
                case 1 -> assertConsistent(terminal.snapshot(data.consumeBoolean(), data.consumeInt(0, 60)), rows, cols,
                        scrollbackLimit);
                default -> {
                    byte[] chunk = data.consumeBytes(data.consumeInt(1, 128));
                    terminal.write(chunk);
                }
            }
        }
        assertConsistent(terminal.snapshot(true, 60), rows, cols, scrollbackLimit);
    }

    /** The API promises that sequences and code points may be split across writes: where they are must not matter. */
    @FuzzTest(maxDuration = "5m")
    void howOutputIsSplitAcrossWritesDoesNotMatter(FuzzedDataProvider data) {
        int rows = data.consumeInt(1, 30);
        int cols = data.consumeInt(1, 100);
        int[] cuts = data.consumeInts(data.consumeInt(0, 16));
        byte[] output = data.consumeRemainingAsBytes();
        Terminal whole = new Terminal(rows, cols, 20);
        whole.write(output);
        Terminal pieces = new Terminal(rows, cols, 20);
        int at = 0;
        for (int cut : Arrays.stream(cuts).map(c -> Math.floorMod(c, output.length + 1)).sorted().toArray()) {
            pieces.write(output, at, cut - at);
            at = cut;
        }
        pieces.write(output, at, output.length - at);
        assertThat(pieces.snapshot(true, 20)).isEqualTo(whole.snapshot(true, 20));
    }

    private static void assertConsistent(ScreenSnapshot s, int rows, int cols, int scrollbackLimit) {
        assertThat(s.rows()).isEqualTo(rows);
        assertThat(s.cols()).isEqualTo(cols);
        assertThat(s.cursor().row()).isBetween(0, rows - 1);
        assertThat(s.cursor().col()).isBetween(0, cols - 1);
        assertThat(s.lines()).hasSize(rows);
        assertThat(s.scrollback()).hasSizeLessThanOrEqualTo(scrollbackLimit)
                .allSatisfy(line -> assertThat(line).doesNotEndWith(" "));
        if (s.cells() == null) return;
        assertThat(s.cells()).hasSize(rows);
        for (int r = 0; r < rows; r++) {
            List<Cell> row = s.cells().get(r);
            assertThat(row).as("cells of row %d", r).hasSize(cols);
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                Cell cell = row.get(c);
                assertThat(cell.style()).isNotNull();
                switch (cell.width()) {
                    case 0 -> {
                        assertThat(c).as("continuation at row %d col %d follows a wide cell", r, c).isPositive();
                        assertThat(row.get(c - 1).width()).as("cell before the continuation at %d,%d", r, c)
                                .isEqualTo(2);
                        assertThat(cell.ch()).isEmpty();
                    }
                    case 1 -> assertThat(cell.ch()).as("cell %d,%d", r, c).isNotEmpty();
                    case 2 -> {
                        assertThat(c).as("wide cell at row %d col %d fits", r, c).isLessThan(cols - 1);
                        assertThat(row.get(c + 1).width()).as("cell after the wide cell at %d,%d", r, c).isZero();
                    }
                    default -> throw new AssertionError("cell %d,%d has width %d".formatted(r, c, cell.width()));
                }
                text.append(cell.ch());
            }
            int end = text.length();
            while (end > 0 && text.charAt(end - 1) == ' ') end--;  // only U+0020: other spaces are content
            assertThat(s.lines().get(r)).as("text of row %d", r).isEqualTo(text.substring(0, end));
        }
    }
}
