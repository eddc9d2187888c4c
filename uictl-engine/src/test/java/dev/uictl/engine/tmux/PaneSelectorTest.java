package dev.uictl.engine.tmux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.tmux.command.PaneInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaneSelectorTest {
    private static PaneInfo pane(int window, int index, String id, boolean active) {
        return new PaneInfo("s", window, index, id, 1, "cat", 80, 24, active, window == 0, false, -1, false, 0, 0, "/dev/pts/0", "");
    }

    private static final List<PaneInfo> ONE_WINDOW = List.of(pane(0, 0, "%0", true), pane(0, 1, "%1", false));
    private static final List<PaneInfo> TWO_WINDOWS = List.of(pane(0, 0, "%0", true), pane(0, 1, "%1", false),
            pane(1, 0, "%2", false), pane(1, 1, "%3", true));

    @Test
    void aBareNumberIsThePaneInOneWindowAndTheWindowsActivePaneInSeveral() {
        assertThat(PaneSelector.parse("1").resolve("s", ONE_WINDOW).id()).isEqualTo("%1");
        assertThat(PaneSelector.parse("1").resolve("s", TWO_WINDOWS).id()).isEqualTo("%3");
        assertThat(PaneSelector.parse("1.0").resolve("s", TWO_WINDOWS).id()).isEqualTo("%2");
        assertThat(PaneSelector.parse("%2").resolve("s", TWO_WINDOWS).id()).isEqualTo("%2");
        assertThat(PaneSelector.parse(" 0.1 ").text()).isEqualTo("0.1");
    }

    @Test
    void unknownPanesListWhatExistsAndBadFormsAreUsageErrors() {
        assertThatThrownBy(() -> PaneSelector.parse("%9").resolve("s", ONE_WINDOW))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.PANE_NOT_FOUND);
                    assertThat(e.details().get("available")).isEqualTo(List.of("0.0=%0", "0.1=%1"));
                });
        for (String bad : List.of("", "a", "1.", ".1", "%", "-1", "1.2.3", "%x")) {
            assertThatThrownBy(() -> PaneSelector.parse(bad)).as(bad).isInstanceOfSatisfying(UictlException.class,
                    e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
        }
    }

    @Test
    void targetsDefaultToTheActivePaneOfTheActiveWindow() {
        assertThat(PaneTargets.ACTIVE.resolve("s", TWO_WINDOWS)).extracting(PaneInfo::id).containsExactly("%0");
        assertThat(PaneTargets.ALL.resolve("s", TWO_WINDOWS)).hasSize(4);
        assertThat(new PaneTargets(List.of(PaneSelector.parse("0.1"), PaneSelector.parse("%1")), false)
                .resolve("s", TWO_WINDOWS)).extracting(PaneInfo::id).containsExactly("%1");
    }
}
