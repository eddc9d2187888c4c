package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

@Describe("One pane's activity, judged from its control-mode output stream and its process")
public record PaneState(
        @Describe("W.P") String pane,
        String paneId,
        String command,
        long pid,
        @Describe("idle (quiet and alive), working (output within the quiet period) or exited") String state,
        @Describe("Why: the signal that decided the state") String reason,
        @Describe("Output bytes per second over the last 2 s") double velocity,
        @Nullable @Describe("Milliseconds since the pane last wrote output; absent if none since uictl watched it")
        Long lastOutputAgeMs,
        @Describe("How long uictl has been watching this pane's output, ms") long observedMs,
        boolean pidAlive,
        @Describe("Bytes seen since uictl began watching") long outputBytes) {
}
