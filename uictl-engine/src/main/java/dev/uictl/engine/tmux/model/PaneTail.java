package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.terminal.ScreenView;
import java.util.List;

public record PaneTail(
        @Describe("W.P") String pane,
        String paneId,
        @Describe("The last lines (ANSI stripped, wrapped lines joined, trailing blank lines dropped)") List<String> lines,
        @Describe("True when more lines were available than --lines") boolean truncated,
        @Nullable @Describe("With --screen: the pane's screen from uictl's emulator, fed by the control-mode output")
        ScreenView screen) {
}
