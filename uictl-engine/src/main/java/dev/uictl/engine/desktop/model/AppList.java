package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("Applications with windows, grouped by WM_CLASS class")
public record AppList(List<App> apps) {
    @Describe("One application")
    public record App(@Describe("WM_CLASS class; use with close-app or class=") String name, List<Long> pids,
                      int windowCount, List<AppWindow> windows) {
    }

    public record AppWindow(String refId, String windowId, String title) {
    }
}
