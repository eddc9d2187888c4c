package dev.uictl.engine.desktop.env;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Waits for a process to announce readiness by creating a file: inotify-backed directory watch, ended early when
 * the process exits.
 */
final class FileAnnouncement {
    private FileAnnouncement() {
    }

    static void await(Path marker, Process announcer, Duration timeout, String what, Path log) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            marker.getParent().register(watch, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(marker)) {
                if (!announcer.isAlive()) {
                    throw DesktopLauncher.startFailure(what + " exited before it was ready", log);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw UictlException.of(ErrorCode.TIMEOUT, what + " did not become ready within "
                            + timeout.toMillis() + " ms").withDetail("kind", "desktop_startup")
                            .withDetail("timeout_ms", timeout.toMillis()).withDetail("log", DesktopLauncher.tail(log))
                            .withHint("Check the log in details.log, then retry `uictl desktop up`.");
                }
                // Bounded so that an announcer dying without creating the file is noticed.
                var key = watch.poll(Math.min(TimeUnit.NANOSECONDS.toMillis(left), 100), TimeUnit.MILLISECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw DesktopLauncher.startFailure(what + ": interrupted while waiting", log);
        }
    }
}
