package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("One tmux pane")
public record PaneView(
        @Describe("Server-wide pane id, e.g. %3 (exact; use it with --pane)") String id,
        @Describe("Window and pane index, W.P") String index,
        String title,
        @Describe("The pane's current foreground command") String command,
        @Describe("Process id of the pane's program") long pid,
        int width,
        int height,
        @Describe("True for the active pane of its window") boolean active,
        @Describe("True when the program ended and the pane stays (remain-on-exit)") boolean dead,
        @Nullable @Describe("Exit status of a dead pane's program") Integer exitStatus) {
}
