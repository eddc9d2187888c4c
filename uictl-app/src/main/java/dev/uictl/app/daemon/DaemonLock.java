package dev.uictl.app.daemon;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.DaemonConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one-daemon-per-user-and-display guard: an fcntl lock on {@code daemon-<display>.lock} in the runtime
 * directory, held for the daemon's life, whose file names the holder (pid, socket, start time, build). The OS drops
 * the lock when the holder dies however it dies, so a stale lock cannot exist; a socket probe alone could not tell
 * a daemon that is busy from one that is gone.
 */
final class DaemonLock implements AutoCloseable {
    /** Who holds the lock, as written into the lock file. */
    record Holder(long pid, String socket, String startedAt, String buildId) {
    }

    private final FileChannel file;
    private final FileLock lock;

    private DaemonLock(FileChannel file, FileLock lock) {
        this.file = file;
        this.lock = lock;
    }

    static Path path(DaemonAddress address) {
        return address.runtimeDir().resolve("daemon-" + address.displayKey() + ".lock");
    }

    /**
     * Takes the lock. A daemon that holds it and answers on the socket is left alone: the call fails naming it. A
     * holder that does not answer (its socket was removed, so it is on its way out) gets {@code wait} to let go.
     *
     * @throws UictlException ACTION_FAILED with the running daemon's pid, socket and start time
     */
    static DaemonLock acquire(DaemonAddress address, Duration wait) throws IOException {
        Path path = path(address);
        FileChannel file = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            FileLock lock = file.tryLock();
            if (lock == null && !answers(address)) {
                lock = awaitRelease(file, wait);
            }
            if (lock == null) {
                throw alreadyRunning(address, path);
            }
            return new DaemonLock(file, lock);
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /** Records this process as the holder, for a second daemon's refusal and for people reading the directory. */
    void describe(Holder holder) throws IOException {
        byte[] json = Json.write(holder).getBytes(StandardCharsets.UTF_8);
        file.truncate(0);
        file.write(ByteBuffer.wrap(json), 0);
        file.force(false);
    }

    /** Waits on a helper thread (fcntl F_SETLKW cannot be given a timeout); closing the file ends the wait. */
    private static FileLock awaitRelease(FileChannel file, Duration wait) throws IOException {
        CompletableFuture<FileLock> taken = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("uictl-lock-wait").start(() -> {
            try {
                taken.complete(file.lock());
            } catch (AsynchronousCloseException e) {
                taken.complete(null);
            } catch (IOException | RuntimeException e) {
                taken.completeExceptionally(e);
            }
        });
        try {
            return taken.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null; // the caller closes the file, which ends the helper's wait
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static boolean answers(DaemonAddress address) {
        try (SocketChannel ch = DaemonConnection.tryConnect(address)) {
            return ch != null;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static UictlException alreadyRunning(DaemonAddress address, Path lockPath) {
        Holder holder = readHolder(lockPath);
        UictlException e = UictlException.of(ErrorCode.ACTION_FAILED, "a daemon already serves display '"
                        + address.displayKey() + "'" + (holder == null ? "" : " (pid " + holder.pid() + ")")
                        + "; a second one would take its socket and orphan its sessions")
                .withHint("Use the running daemon, or replace it with `uictl daemon restart`.")
                .withDetail("kind", "daemon_running")
                .withDetail("lock", lockPath.toString());
        if (holder != null) {
            e = e.withDetail("pid", holder.pid()).withDetail("socket", holder.socket())
                    .withDetail("started_at", holder.startedAt()).withDetail("build_id", holder.buildId());
        }
        return e;
    }

    private static Holder readHolder(Path lockPath) {
        try {
            return Json.mapper().readValue(Files.readString(lockPath), Holder.class);
        } catch (IOException | RuntimeException e) {
            return null; // the holder is still writing it, or it predates this format
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            file.close();
        }
    }
}
