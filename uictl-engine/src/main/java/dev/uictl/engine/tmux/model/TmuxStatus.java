package dev.uictl.engine.tmux.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("The sessions and panes of one tmux server")
public record TmuxStatus(
        @Describe("default, -L NAME or -S PATH") String server,
        @Describe("False when no server runs on that socket (sessions is then empty)") boolean running,
        List<SessionView> sessions) {
}
