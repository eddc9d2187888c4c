package dev.uictl.engine.desktop.capture;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.protocol.PrivateDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where screenshots go without a path: {@code <runtime dir>/screenshots/} (0700) under unique names, never a shared
 * /tmp with guessable names. The files themselves are written by {@link dev.uictl.core.file.ArtifactFile}.
 */
public final class ScreenshotStore {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private ScreenshotStore() {
    }

    /** A fresh unique path in the private screenshot directory under {@code runtimeDir}, creating it 0700. */
    public static Path privatePath(Path runtimeDir, ImageFormat format) {
        Path dir = runtimeDir.resolve("screenshots");
        try {
            PrivateDirectory.ensure(runtimeDir);
            PrivateDirectory.ensure(dir);
        } catch (PrivateDirectory.Untrusted e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage()).withHint(e.hint());
        } catch (IOException e) {
            throw ioFailure("cannot create the screenshot directory " + dir, e);
        }
        String name = "screenshot-" + LocalDateTime.now().format(STAMP) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0x100000)) + "."
                + format.extension();
        return dir.resolve(name);
    }

    private static UictlException ioFailure(String message, IOException e) {
        return UictlException.of(ErrorCode.IO_ERROR, message + ": " + e.getMessage()).withCause(e);
    }
}
