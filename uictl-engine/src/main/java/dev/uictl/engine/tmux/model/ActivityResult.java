package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;
import java.util.Map;

@Describe("Per-pane activity of a tmux session")
public record ActivityResult(String session,
                             @Describe("Output within this many ms counts as working") long quietMs,
                             List<PaneState> panes,
                             @Describe("Panes per state") Map<String, Integer> summary) {
}
