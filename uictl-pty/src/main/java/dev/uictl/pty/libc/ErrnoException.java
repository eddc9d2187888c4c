package dev.uictl.pty.libc;

import java.io.IOException;

/**
 * A libc call failed: which call, the errno value and its symbolic name (e.g. {@code ENOENT}), so callers decide on
 * the number, never on message text.
 */
public final class ErrnoException extends IOException {
    private final String call;
    private final int errno;
    private final String name;

    public ErrnoException(String call, int errno, String name, String description) {
        super(call + ": " + name + " (" + description + ")");
        this.call = call;
        this.errno = errno;
        this.name = name;
    }

    public String call() {
        return call;
    }

    public int errno() {
        return errno;
    }

    public String name() {
        return name;
    }
}
