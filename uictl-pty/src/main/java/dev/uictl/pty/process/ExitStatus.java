package dev.uictl.pty.process;

/**
 * How a program ended: exactly one of {@code code} (it called exit) or {@code signal} (a signal killed it) is set,
 * so {@code exit 143} and death by SIGTERM stay distinguishable.
 */
public record ExitStatus(Integer code, Integer signal, boolean coreDumped) {
    public ExitStatus {
        if ((code == null) == (signal == null)) {
            throw new IllegalArgumentException("exactly one of code and signal must be set");
        }
    }

    public static ExitStatus exited(int code) {
        return new ExitStatus(code, null, false);
    }

    public static ExitStatus killed(int signal) {
        return new ExitStatus(null, signal, false);
    }

    /** Decodes a raw {@code waitpid} status of a terminated (not stopped) child. */
    public static ExitStatus fromWaitStatus(int status) {
        int termSignal = status & 0x7f;
        if (termSignal == 0) {
            return new ExitStatus((status >> 8) & 0xff, null, false);
        }
        return new ExitStatus(null, termSignal, (status & 0x80) != 0);
    }

    /** The signal's name (e.g. {@code TERM}), or null when the program exited by itself. */
    public String signalName() {
        return signal == null ? null : Signal.nameOf(signal);
    }

    @Override
    public String toString() {
        return code != null ? "exit " + code : "signal " + signalName() + (coreDumped ? " (core dumped)" : "");
    }
}
