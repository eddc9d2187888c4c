package dev.uictl.engine.tmux.model;

import java.util.List;

public record SessionView(String name, int windows, List<PaneView> panes) {
}
