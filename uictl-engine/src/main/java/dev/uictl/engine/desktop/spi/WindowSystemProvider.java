package dev.uictl.engine.desktop.spi;

import java.util.Map;

/** Opens the window system of one display; implementations map their own failures to UictlException. */
@FunctionalInterface
public interface WindowSystemProvider {
    WindowSystem open(String display, Map<String, String> env);
}
