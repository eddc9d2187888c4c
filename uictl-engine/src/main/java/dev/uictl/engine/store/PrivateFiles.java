package dev.uictl.engine.store;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.protocol.PrivateDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where uictl keeps what it writes without being given a path (screenshots, MCP results too large to answer): a
 * directory of the runtime directory only the owner can enter (0700), under unique names, never a shared /tmp with
 * guessable names. The files themselves are written by {@link dev.uictl.core.file.ArtifactFile} (atomic, 0600).
 */
public final class PrivateFiles {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private PrivateFiles() {
    }

    /** A fresh unique path {@code runtimeDir/directory/prefix-STAMP-RANDOM.extension}, creating the directory 0700. */
    public static Path newPath(Path runtimeDir, String directory, String prefix, String extension) {
        Path dir = runtimeDir.resolve(directory);
        try {
            PrivateDirectory.ensure(runtimeDir);
            PrivateDirectory.ensure(dir);
        } catch (PrivateDirectory.Untrusted e) {
            throw UictlException.of(ErrorCode.PERMISSION_DENIED, e.getMessage()).withHint(e.hint());
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot create the directory " + dir + ": " + e.getMessage())
                    .withCause(e);
        }
        String name = prefix + "-" + LocalDateTime.now().format(STAMP) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0x100000)) + "." + extension;
        return dir.resolve(name);
    }
}
