package dev.uictl.engine.desktop.capture;

import dev.uictl.engine.store.PrivateFiles;
import java.nio.file.Path;

/**
 * Where screenshots go without a path: {@code <runtime dir>/screenshots/} (0700) under unique names
 * ({@link PrivateFiles}). The files themselves are written by {@link dev.uictl.core.file.ArtifactFile}.
 */
public final class ScreenshotStore {
    private ScreenshotStore() {
    }

    /** A fresh unique path in the private screenshot directory under {@code runtimeDir}, creating it 0700. */
    public static Path privatePath(Path runtimeDir, ImageFormat format) {
        return PrivateFiles.newPath(runtimeDir, "screenshots", "screenshot", format.extension());
    }
}
