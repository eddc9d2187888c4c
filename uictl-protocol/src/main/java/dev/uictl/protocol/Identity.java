package dev.uictl.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The current process's numeric uid, read once (the JDK has no direct getuid). */
public final class Identity {
    private static final int UID = readUid();

    private Identity() {
    }

    public static int uid() {
        return UID;
    }

    private static int readUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    // "Uid:\treal\teffective\tsaved\tfs": the effective uid owns what we create. Splitting on a
                    // single tab takes String.split's fast path; a regex would cost the client start-up time.
                    return Integer.parseInt(line.substring(4).strip().split("\t")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot determine the current uid from /proc/self/status", e);
        }
        throw new IllegalStateException("no Uid line in /proc/self/status");
    }
}
