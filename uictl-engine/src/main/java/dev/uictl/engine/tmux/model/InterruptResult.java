package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("Ctrl-C sent to panes, with their state before and after")
public record InterruptResult(String session, List<PaneInterrupt> panes) {
    public record PaneInterrupt(String pane, String paneId,
                                @Describe("idle, working or exited before Ctrl-C") String before,
                                @Describe("The state once the pane went quiet (or the timeout)") String after,
                                @Describe("True when the pane is no longer working") boolean stopped) {
    }
}
