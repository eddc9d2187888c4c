package dev.uictl.pty.libc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** posix_spawn with the attributes and file actions that put a child on a terminal (see {@link Libc#spawnOnTerminal}). */
final class PosixSpawn {
    private static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    private static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    private static final short POSIX_SPAWN_SETSID = 0x80;
    private static final int O_RDONLY = 0;
    private static final int O_RDWR = 2;

    private PosixSpawn() {
    }

    static int spawn(SpawnRequest request) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment actions = arena.allocate(LibcHandles.FILE_ACTIONS_SIZE, 16);
            MemorySegment attr = arena.allocate(LibcHandles.SPAWNATTR_SIZE, 16);
            check("posix_spawn_file_actions_init", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_INIT, actions));
            try {
                check("posix_spawnattr_init", (int) Libc.invoke(LibcHandles.SPAWNATTR_INIT, attr));
                try {
                    configureAttributes(arena, attr);
                    configureFileActions(arena, actions, request);
                    MemorySegment pid = arena.allocate(JAVA_INT);
                    int r = (int) Libc.invoke(LibcHandles.POSIX_SPAWN, pid, arena.allocateFrom(request.executable()),
                            actions, attr, strings(arena, request.argv()), strings(arena, request.environment()));
                    check("posix_spawn", r);
                    return pid.get(JAVA_INT, 0);
                } finally {
                    Libc.invoke(LibcHandles.SPAWNATTR_DESTROY, attr);
                }
            } finally {
                Libc.invoke(LibcHandles.FILE_ACTIONS_DESTROY, actions);
            }
        }
    }

    private static void configureAttributes(Arena arena, MemorySegment attr) throws ErrnoException {
        // The JVM blocks and handles signals for itself; the program must start with the defaults.
        MemorySegment empty = arena.allocate(LibcHandles.SIGSET_SIZE, 8);
        MemorySegment all = arena.allocate(LibcHandles.SIGSET_SIZE, 8);
        Libc.invoke(LibcHandles.SIGEMPTYSET, empty);
        Libc.invoke(LibcHandles.SIGFILLSET, all);
        check("posix_spawnattr_setsigmask", (int) Libc.invoke(LibcHandles.SPAWNATTR_SETSIGMASK, attr, empty));
        check("posix_spawnattr_setsigdefault", (int) Libc.invoke(LibcHandles.SPAWNATTR_SETSIGDEFAULT, attr, all));
        check("posix_spawnattr_setflags", (int) Libc.invoke(LibcHandles.SPAWNATTR_SETFLAGS, attr,
                (short) (POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)));
    }

    private static void configureFileActions(Arena arena, MemorySegment actions, SpawnRequest request)
            throws ErrnoException {
        check("posix_spawn_file_actions_addopen", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDOPEN, actions, 0,
                arena.allocateFrom(request.terminalPath()), O_RDWR, 0));
        check("posix_spawn_file_actions_adddup2", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDDUP2, actions, 0, 1));
        check("posix_spawn_file_actions_adddup2", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDDUP2, actions, 0, 2));
        check("posix_spawn_file_actions_addclosefrom_np",
                (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDCLOSEFROM, actions, 3));
        for (var file : request.openReadOnly().entrySet()) {
            check("posix_spawn_file_actions_addopen", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDOPEN, actions,
                    file.getKey(), arena.allocateFrom(file.getValue()), O_RDONLY, 0));
        }
        check("posix_spawn_file_actions_addchdir_np", (int) Libc.invoke(LibcHandles.FILE_ACTIONS_ADDCHDIR, actions,
                arena.allocateFrom(request.cwd())));
    }

    /** A NULL-terminated {@code char *[]}. */
    private static MemorySegment strings(Arena arena, List<String> values) {
        MemorySegment array = arena.allocate(ADDRESS, values.size() + 1L);
        for (int i = 0; i < values.size(); i++) {
            array.setAtIndex(ADDRESS, i, arena.allocateFrom(values.get(i)));
        }
        array.setAtIndex(ADDRESS, values.size(), MemorySegment.NULL);
        return array;
    }

    /** The posix_spawn family returns the error number instead of setting errno. */
    private static void check(String call, int result) throws ErrnoException {
        if (result != 0) {
            throw Libc.error(call, result);
        }
    }
}
