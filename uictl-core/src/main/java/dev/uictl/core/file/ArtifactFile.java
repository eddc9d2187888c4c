package dev.uictl.core.file;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one writer for every file a command writes at a path the user chose (screenshots, transcripts, artifacts).
 * The target must be absent or a regular file: a symbolic link is not followed out of its directory, and a FIFO,
 * device node, socket or directory is refused rather than replaced (as root, "screenshot /dev/full" must not turn
 * the device into a PNG). The bytes go to a private (0600) temporary file in the target's directory, created
 * exclusively, and are renamed over the target, so a reader never sees a half-written file. An existing target is
 * swapped with the temporary file ({@link ExchangeRename}) and the old file unlinked, which is as atomic for a reader
 * and spares the data flush ext4 makes when a rename replaces a file.
 */
public final class ArtifactFile {
    private static final Set<StandardOpenOption> CREATE_EXCLUSIVE = EnumSet.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);
    /** Temporary names are random 64-bit numbers: a name taken twice in a row is planted, not chance. */
    private static final int TEMPORARY_ATTEMPTS = 3;

    private ArtifactFile() {
    }

    /** Writes {@code bytes} to {@code target} (absolute, or relative to the JVM's directory) atomically, 0600. */
    public static void write(Path target, byte[] bytes) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null) {
            throw refused(target, "is not a file path", "Give a file name, e.g. `/tmp/out.png`.");
        }
        if (!Files.isDirectory(dir)) {
            throw UictlException.of(ErrorCode.IO_ERROR, "directory " + dir + " does not exist")
                    .withHint("Create the directory first or give a path in an existing one.")
                    .withDetail("path", target.toString());
        }
        checkTarget(abs);
        Path temporary = null;
        try {
            temporary = writeTemporary(dir, abs.getFileName().toString(), bytes);
            // again right before the rename: it may have been replaced while we wrote
            if (checkTarget(abs) && ExchangeRename.exchange(temporary, abs)) {
                if (Files.isDirectory(temporary, LinkOption.NOFOLLOW_LINKS)) {
                    // A directory took the file's place since the check: put it back (a rename would have failed).
                    if (!ExchangeRename.exchange(temporary, abs)) {
                        temporary = null; // it names that directory: leave it
                    }
                    throw refused(target, "is a directory", "Give a file name, e.g. `" + target.resolve("out.png")
                            + "`.");
                }
                // the temporary name now holds the replaced file: the finally below unlinks it
            } else {
                try {
                    Files.move(temporary, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, abs, StandardCopyOption.REPLACE_EXISTING);
                }
                temporary = null;
            }
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot write " + target + ": " + e.getMessage())
                    .withCause(e).withDetail("path", target.toString());
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the original failure is what matters
                }
            }
        }
    }

    /**
     * Absent (false) or a regular file (true), the link itself examined, never its target; anything else is
     * refused.
     */
    private static boolean checkTarget(Path target) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException absent) {
            return false;
        } catch (IOException e) {
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot examine " + target + ": " + e.getMessage())
                    .withCause(e).withDetail("path", target.toString());
        }
        if (a.isRegularFile()) {
            return true;
        }
        if (a.isDirectory()) {
            throw refused(target, "is a directory", "Give a file name, e.g. `" + target.resolve("out.png") + "`.");
        }
        if (a.isSymbolicLink()) {
            throw refused(target, "is a symbolic link; uictl does not write through links",
                    "Give the path of the file itself, or a new file name.");
        }
        throw refused(target, "is not a regular file (a device, FIFO or socket) and will not be replaced",
                "Give the path of a regular file or of a new one.");
    }

    /**
     * Writes {@code bytes} to a new private (0600) file in {@code dir}, named after the target and created
     * exclusively (never an existing file or a link), and returns its path. One open(2): Files.createTempFile took
     * a second one and a read of /dev/urandom. One write(2) for the whole file, not Files.write's one per 8 KB:
     * replacing a 270 KB file on ext4 took 0.48 ms that way against 0.72 ms (the same system calls timed from
     * Python).
     */
    private static Path writeTemporary(Path dir, String targetName, byte[] bytes) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path temporary = dir.resolve("." + targetName + "." + Long.toUnsignedString(ThreadLocalRandom.current()
                    .nextLong(), 36) + ".part");
            FileChannel out;
            try {
                out = FileChannel.open(temporary, CREATE_EXCLUSIVE, OwnerOnly.FILE);
            } catch (FileAlreadyExistsException e) {
                if (attempt == TEMPORARY_ATTEMPTS) {
                    throw e;
                }
                continue;
            }
            try (out) {
                ByteBuffer rest = ByteBuffer.wrap(bytes);
                while (rest.hasRemaining()) {
                    out.write(rest);
                }
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(temporary);
                throw e;
            }
            return temporary;
        }
    }

    private static UictlException refused(Path target, String why, String hint) {
        return UictlException.of(ErrorCode.INVALID_ARGS, target + " " + why).withHint(hint)
                .withDetail("path", target.toString());
    }
}
