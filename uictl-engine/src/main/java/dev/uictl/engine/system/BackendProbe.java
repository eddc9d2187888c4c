package dev.uictl.engine.system;

import java.util.Map;

/** Checks one live backend (display, window manager, bus) for the caller's environment. */
public interface BackendProbe {
    ToolStatus probe(Map<String, String> env);
}
