package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("Whether tmux and the selected server work")
public record HealthResult(
        boolean tmuxAvailable,
        @Nullable String tmuxVersion,
        String server,
        boolean serverRunning,
        @Nullable @Describe("A control-mode round trip, ms") Double roundTripMs,
        int sessions,
        int panes,
        int deadPanes,
        @Describe("Control clients uictl keeps on this server") int controlClients,
        @Describe("With a SESSION: each pane's liveness") List<PaneState> sessionPanes,
        @Describe("Problems found, each with a fix") List<String> issues) {
}
