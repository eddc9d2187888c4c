package dev.uictl.app;

import dev.uictl.x11.io.AtomCache;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.selection.GetSelectionOwner;

/** Asks the X server directly, on a connection of its own, which window owns a selection ("0x0": none). */
final class SelectionOwnerProbe {
    private SelectionOwnerProbe() {
    }

    static String owner(PrivateDesktopExtension desktop, String selection) {
        try (X11Connection c = X11Connection.open(desktop.display(), desktop.env())) {
            int atom = new AtomCache(c).atom(selection);
            return "0x" + Integer.toHexString(c.call(new GetSelectionOwner(atom)));
        }
    }
}
