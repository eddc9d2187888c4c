package dev.uictl.engine.terminal;

import dev.uictl.core.json.Json;
import dev.uictl.vt.Terminal;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code --terse} form of a screen: what the caller already knows from the base screen is left out. The base of
 * an input action is the screen just before its input; of {@code term wait}, the {@code --since} screen or the screen
 * when the wait began; of {@code term screen} and {@code term open}, the emulator's power-on state (cursor at 0,0
 * visible, main screen, no title, default modes), in which case the size is always kept. Always left out:
 * {@code snapshot_version} (always 1) and the empty rows at the bottom of {@code lines} ({@code rows} still says how
 * many there are).
 */
public final class TerseScreens {
    /** The emulator's own state before any output. */
    static final ScreenView POWER_ON = ScreenViews.of("", new Terminal(2, 2).snapshot(false, 0));

    private TerseScreens() {
    }

    /** {@code now} without what equals {@code base} (null: the power-on state, keeping the size). */
    public static ObjectNode screen(ScreenView now, ScreenView base) {
        ObjectNode n = (ObjectNode) Json.tree(now);
        ScreenView b = base == null ? POWER_ON : base;
        n.remove("snapshot_version");
        if (base != null && base.rows() == now.rows() && base.cols() == now.cols()) {
            n.remove(List.of("rows", "cols"));
        }
        if (now.cursor().equals(b.cursor())) {
            n.remove("cursor");
        }
        if (now.alternateScreen() == b.alternateScreen()) {
            n.remove("alternate_screen");
        }
        if (now.title().equals(b.title())) {
            n.remove("title");
        }
        if (now.modes().equals(b.modes())) {
            n.remove("modes");
        }
        ArrayNode lines = n.putArray("lines");
        now.linesToLastText().forEach(lines::add);
        return n;
    }
}
