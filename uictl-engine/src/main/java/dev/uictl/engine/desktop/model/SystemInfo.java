package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("The desktop uictl talks to")
public record SystemInfo(@Describe("window system backend (x11)") String backend, String display,
                         @Describe("XDG_SESSION_TYPE, or x11") String sessionType,
                         @Describe("uictl session namespace for refs") String session,
                         @Describe("the X server socket") String socketPath, ScreenSize screen, int monitorCount,
                         List<Monitor> monitors, @Describe("the EWMH window manager's name") @Nullable String windowManager) {
}
