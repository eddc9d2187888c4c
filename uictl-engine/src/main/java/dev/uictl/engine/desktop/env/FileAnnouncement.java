package dev.uictl.engine.desktop.env;

import dev.uictl.core.call.Deadline;
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

    static void await(Path marker, Process announcer, Duration timeout, StartupClock clock, String what, Path log)
            throws IOException {
        Deadline step = clock.step(timeout);
        long started = System.nanoTime();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            marker.getParent().register(watch, StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY);
            while (!Files.exists(marker)) {
                if (!announcer.isAlive()) {
                    throw DesktopLauncher.startFailure(what + " exited before it was ready", log);
                }
                long slice = clock.slice(step);
                if (slice <= 0) {
                    throw DesktopLauncher.notReady(what, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                            log);
                }
                // Sliced so that an announcer dying without creating the file, or a cancelled call, is noticed.
                var key = watch.poll(slice, TimeUnit.MILLISECONDS);
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
