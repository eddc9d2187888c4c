package dev.uictl.x11.proto.image;

import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.wire.X11Exception;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * A System V shared memory segment attached on both sides (MIT-SHM): the X server writes images straight into it,
 * so a full-screen capture costs no socket transfer and no reply buffers. The segment is marked for removal as
 * soon as the server has attached it, so nothing leaks if this process dies.
 */
final class SharedImageBuffer implements AutoCloseable {
    private final X11Connection connection;
    private final int segment;
    private final MemorySegment mapping;

    private SharedImageBuffer(X11Connection connection, int segment, MemorySegment mapping) {
        this.connection = connection;
        this.segment = segment;
        this.mapping = mapping;
    }

    /** A buffer of {@code size} bytes, or empty when the server lacks MIT-SHM or cannot reach our memory. */
    static Optional<SharedImageBuffer> open(X11Connection connection, long size) {
        if (!connection.displayName().startsWith(":") && !connection.displayName().startsWith("unix:")) {
            return Optional.empty(); // a remote server cannot see this machine's memory
        }
        int shmid;
        MemorySegment mapping;
        try {
            if (connection.extension(ShmRequests.EXTENSION).isEmpty()) {
                return Optional.empty();
            }
            shmid = SysVShm.create(size);
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
        try {
            mapping = SysVShm.attach(shmid, size);
        } catch (RuntimeException e) {
            SysVShm.remove(shmid);
            return Optional.empty();
        }
        int segment = connection.generateId();
        try {
            connection.send(new ShmRequests.Attach(segment, shmid)).check();
            return Optional.of(new SharedImageBuffer(connection, segment, mapping));
        } catch (X11Exception e) {
            // e.g. BadAccess: the server runs in another IPC namespace
            SysVShm.detach(mapping);
            return Optional.empty();
        } finally {
            SysVShm.remove(shmid);
        }
    }

    int segment() {
        return segment;
    }

    MemorySegment mapping() {
        return mapping;
    }

    @Override
    public void close() {
        if (connection.isOpen()) {
            connection.send(new ShmRequests.Detach(segment));
        }
        SysVShm.detach(mapping);
    }
}
