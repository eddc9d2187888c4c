package dev.uictl.vt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.ref.RefRecording;
import dev.uictl.vt.ref.RefRecording.Checkpoint;
import dev.uictl.vt.ref.RefRecording.Resize;
import dev.uictl.vt.ref.ScreenDiff;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The differential corpus: every recording under {@code src/test/resources/ref/} (real sessions of vim, htop,
 * less, bash, curses, urwid, dialog, mc, vttest and a UTF-8 stress file, see {@code src/test/corpus/README.md}) is
 * replayed into {@link Terminal} with its resizes at the recorded byte offsets, and at every checkpoint the screen
 * must equal what tmux 3.3a showed for the same bytes: rows, cursor, alternate screen, modes, title, styled cells
 * and scrollback. The normalizations, each forced by what tmux can report, are listed in {@link ScreenDiff}. A checkpoint
 * where tmux itself is wrong is listed with the reason in the recording's {@code oracle-defects.json}; it must still
 * differ from tmux.
 */
class RefTest {

    private static final int CHECKPOINTS_REPORTED = 3;

    /** One scrollback line more than tmux kept, so that keeping too many shows. */
    private static ScreenSnapshot snapshot(Terminal terminal, Checkpoint c) {
        return terminal.snapshot(true, c.expected().scrollback().size() + 1);
    }

    static List<String> recordings() {
        return RefRecording.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void replayMatchesTmux(String name) {
        RefRecording recording = RefRecording.load(name);
        Terminal terminal = new Terminal(recording.rows(), recording.cols());
        int written = 0;
        int checked = 0;
        List<String> failures = new ArrayList<>();
        for (RefRecording.Event event : recording.events()) {
            terminal.write(recording.output(), written, event.offset() - written);
            written = event.offset();
            switch (event) {
                case Resize r -> terminal.resize(r.rows(), r.cols());
                case Checkpoint c when c.oracleDefect() != null -> {
                    checked++;
                    // Strict: once the screens agree the entry is stale and must go, so it cannot hide a regression.
                    assertThat(ScreenDiff.compare(c.expected(), snapshot(terminal, c)))
                            .as("%s checkpoint '%s' is listed in oracle-defects.json (%s) but now matches tmux",
                                    name, c.name(), c.oracleDefect())
                            .isNotEmpty();
                }
                case Checkpoint c -> {
                    checked++;
                    List<String> problems = ScreenDiff.compare(c.expected(), snapshot(terminal, c));
                    if (!problems.isEmpty())
                        failures.add("checkpoint '%s' (byte %d):\n  %s".formatted(c.name(), c.offset(),
                                String.join("\n  ", problems)));
                }
            }
        }
        assertThat(checked).as("checkpoints in %s", name).isPositive();
        int shown = Math.min(CHECKPOINTS_REPORTED, failures.size());
        assertThat(failures)
                .withFailMessage("%s: %d of %d checkpoints differ from tmux; the first %d:%n%s", name, failures.size(),
                        checked, shown, String.join("\n", failures.subList(0, shown)))
                .isEmpty();
    }
}
