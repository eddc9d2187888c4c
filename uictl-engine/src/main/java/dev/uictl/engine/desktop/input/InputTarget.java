package dev.uictl.engine.desktop.input;

import dev.uictl.core.schema.Describe;
import dev.uictl.engine.desktop.model.Window;

/** The window an input action aimed at (window selector given), raised and focused first. */
@Describe("The window an input action targeted")
public record InputTarget(String selector, String refId, String windowId, String xid, String title,
                          @Describe("client area in root coordinates") int x, int y, int width, int height,
                          @Describe("the window was seen focused before the input was sent") boolean focused) {

    public static InputTarget of(String selector, Window w) {
        return new InputTarget(selector, w.refId(), w.windowId(), w.xid(), w.title(), w.x(), w.y(), w.width(),
                w.height(), w.focused());
    }

    public Point centre() {
        return new Point(x + width / 2, y + height / 2);
    }
}
