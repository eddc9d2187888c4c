package dev.uictl.engine.tmux.model;

public record KillResult(String session, String server, boolean killed) {
}
