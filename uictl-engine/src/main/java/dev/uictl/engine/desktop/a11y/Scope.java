package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.bus.AccessibleId;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.engine.desktop.model.Window;

/** Where a snapshot or query looks: an application's root or one of its windows, and the X window if matched. */
record Scope(Desktop.App app, AccessibleId root, Window window) {
}
