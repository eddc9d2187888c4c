package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("Monitors of the screen, as RandR reports them")
public record MonitorList(int count, List<Monitor> monitors) {
}
