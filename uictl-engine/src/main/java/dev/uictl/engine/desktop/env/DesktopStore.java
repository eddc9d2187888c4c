package dev.uictl.engine.desktop.env;

import dev.uictl.core.file.OwnerOnly;
import dev.uictl.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Desktops persisted under {@code <runtime dir>/desktops/<name>/desktop.json} (directory 0700). A per-name lock
 * file serialises `up` and `down` across processes, so two concurrent `desktop up` calls start one desktop.
 */
public final class DesktopStore {
    private static final String STATE = "desktop.json";
    private static final Map<Path, ReentrantLock> LOCAL = new ConcurrentHashMap<>();
    private final Path root;

    public DesktopStore(Path runtimeDir) {
        this.root = runtimeDir.resolve("desktops");
    }

    public Path root() {
        return root;
    }

    Path dirOf(String name) {
        return root.resolve(name);
    }

    Optional<DesktopState> load(String name) {
        Path file = dirOf(name).resolve(STATE);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.mapper().readValue(Files.readString(file), DesktopState.class));
        } catch (IOException | RuntimeException e) {
            // A torn or foreign file is no desktop of ours; `up` starts afresh and overwrites it.
            return Optional.empty();
        }
    }

    List<DesktopState> all() {
        List<DesktopState> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path d : dirs) {
                load(d.getFileName().toString()).ifPresent(out::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(Comparator.comparing(DesktopState::name));
        return out;
    }

    /** Creates the desktop's private directory afresh (logs and sockets of a previous run are removed). */
    Path freshDir(String name) throws IOException {
        Path dir = dirOf(name);
        delete(dir);
        Files.createDirectories(dir, OwnerOnly.DIRECTORY);
        return dir;
    }

    void save(DesktopState state) throws IOException {
        Path tmp = state.dir().resolve(STATE + ".tmp");
        Files.writeString(tmp, Json.write(state));
        try {
            Files.move(tmp, state.dir().resolve(STATE), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, state.dir().resolve(STATE), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    void remove(String name) throws IOException {
        delete(dirOf(name));
        Files.deleteIfExists(root.resolve(name + ".lock"));
    }

    /**
     * Holds the per-name lock until closed: a file lock against other processes, and, because file locks belong
     * to the whole JVM, a thread lock against other callers in this one (the daemon serves clients concurrently).
     */
    Lock lock(String name) throws IOException {
        ReentrantLock local = LOCAL.computeIfAbsent(root.resolve(name).toAbsolutePath().normalize(),
                p -> new ReentrantLock());
        local.lock();
        try {
            Files.createDirectories(root, OwnerOnly.DIRECTORY);
            FileChannel ch = FileChannel.open(root.resolve(name + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            try {
                return new Lock(ch, ch.lock(), local);
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            local.unlock();
            throw e;
        }
    }

    record Lock(FileChannel channel, FileLock lock, ReentrantLock local) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            try {
                lock.release();
                channel.close();
            } finally {
                local.unlock();
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
