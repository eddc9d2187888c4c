package dev.uictl.engine.desktop.capture;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes encoded screenshots. Files are private (0600) and appear atomically: written to a temporary file in the
 * target directory and renamed over the destination, so a reader never sees half an image. Without a path they go
 * to {@code <runtime dir>/screenshots/} (0700) under unique names, never to a shared /tmp with guessable names.
 */
public final class ScreenshotStore {
    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private ScreenshotStore() {
    }

    /** A fresh unique path in the private screenshot directory under {@code runtimeDir}, creating it 0700. */
    public static Path privatePath(Path runtimeDir, ImageFormat format) {
        Path dir = runtimeDir.resolve("screenshots");
        try {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIR_MODE));
            Files.setPosixFilePermissions(dir, DIR_MODE);
        } catch (IOException e) {
            throw ioFailure("cannot create the screenshot directory " + dir, e);
        }
        String name = "screenshot-" + LocalDateTime.now().format(STAMP) + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0x100000)) + "."
                + format.extension();
        return dir.resolve(name);
    }

    /** Writes {@code bytes} to {@code target} atomically with mode 0600, replacing an existing file. */
    public static void write(Path target, byte[] bytes) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw UictlException.of(ErrorCode.IO_ERROR, "directory " + dir + " does not exist")
                    .withHint("Create the directory first or give a path in an existing one.")
                    .withDetail("path", target.toString());
        }
        if (Files.isDirectory(target)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, target + " is a directory")
                    .withHint("Give a file name, e.g. `uictl screenshot " + target.resolve("shot.png") + "`.")
                    .withDetail("path", target.toString());
        }
        FileAttribute<Set<PosixFilePermission>> mode = PosixFilePermissions.asFileAttribute(FILE_MODE);
        Path temporary = null;
        try {
            temporary = Files.createTempFile(dir, "." + target.getFileName() + ".", ".part", mode);
            Files.write(temporary, bytes);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the original failure is what matters
                }
            }
            throw ioFailure("cannot write " + target, e).withDetail("path", target.toString());
        }
    }

    private static UictlException ioFailure(String message, IOException e) {
        return UictlException.of(ErrorCode.IO_ERROR, message + ": " + e.getMessage()).withCause(e);
    }
}
