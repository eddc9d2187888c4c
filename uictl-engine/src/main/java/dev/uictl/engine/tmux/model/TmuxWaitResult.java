package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("A satisfied tmux wait")
public record TmuxWaitResult(String session,
                             @Describe("idle, text or exit") String condition,
                             @Describe("all or any") String mode,
                             long waitedMs,
                             @Describe("The panes that met the condition") List<String> met,
                             List<PaneState> panes) {
}
