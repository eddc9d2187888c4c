package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.atspi.walk.NodeInfo;

/** One top-level accessible (frame, dialog, window) of an application, with its screen extents (WM frame for GTK). */
public record TopLevel(Desktop.App app, NodeInfo info, Bounds bounds) {
}
