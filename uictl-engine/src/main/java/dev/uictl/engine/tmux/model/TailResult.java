package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("The recent output of tmux panes")
public record TailResult(String session, List<PaneTail> panes) {
}
