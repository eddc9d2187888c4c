package dev.uictl.engine.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Every byte the program wrote, raw, keeping the newest {@code limit} bytes. Not thread-safe: the session locks. */
final class Transcript {
    private final byte[] ring;
    private long total;

    Transcript(int limit) {
        this.ring = new byte[limit];
    }

    void append(byte[] chunk) {
        int n = chunk.length;
        int from = Math.max(0, n - ring.length); // older bytes of a huge chunk would be overwritten anyway
        for (int i = from; i < n; ) {
            int at = (int) ((total + i) % ring.length);
            int run = Math.min(n - i, ring.length - at);
            System.arraycopy(chunk, i, ring, at, run);
            i += run;
        }
        total += n;
    }

    long total() {
        return total;
    }

    long dropped() {
        return Math.max(0, total - ring.length);
    }

    /** The kept bytes, oldest first. */
    byte[] bytes() {
        int kept = (int) Math.min(total, ring.length);
        byte[] out = new byte[kept];
        int start = (int) ((total - kept) % ring.length);
        int first = Math.min(kept, ring.length - start);
        System.arraycopy(ring, start, out, 0, first);
        System.arraycopy(ring, 0, out, first, kept - first);
        return out;
    }

    /** Writes the kept bytes to {@code target} atomically (temporary file in the same directory, then rename), 0600. */
    static void writeAtomically(byte[] bytes, Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
