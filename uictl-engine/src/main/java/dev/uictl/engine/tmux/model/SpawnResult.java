package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("A new tmux session and its panes")
public record SpawnResult(String session, String server, String dir,
                          @Describe("tiled, or none for a single pane") String layout, List<PaneView> panes) {
}
