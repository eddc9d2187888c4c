package dev.uictl.engine.desktop.env;

import dev.uictl.core.schema.Describe;
import java.util.ArrayList;
import java.util.List;

/** One RandR monitor of a private desktop, as configured at start-up. */
@Describe("A monitor of a private desktop (RandR 1.5 monitor)")
public record MonitorLayout(String name, int x, int y, int width, int height, boolean primary) {

    /** {@code count} monitors of {@code width x height} side by side; the first is primary. */
    static List<MonitorLayout> sideBySide(int count, int width, int height) {
        List<MonitorLayout> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new MonitorLayout("UICTL-" + (i + 1), i * width, 0, width, height, i == 0));
        }
        return out;
    }

    /**
     * The xrandr argument {@code [*]NAME W/mmWxH/mmH+X+Y}, at 96 dpi. The first monitor takes over Xvfb's one
     * output ("screen"); the others have none, which RandR allows for client-defined monitors.
     */
    List<String> xrandrArgs(int index) {
        String geometry = width + "/" + Math.round(width * 25.4 / 96) + "x" + height + "/"
                + Math.round(height * 25.4 / 96) + "+" + x + "+" + y;
        return List.of("--setmonitor", (primary ? "*" : "") + name, geometry, index == 0 ? "screen" : "none");
    }
}
