package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.pty.process.ExitStatus;

/** How the program ended: an exit code or a signal, never both. */
@Describe("How the program ended: exit code or the signal that killed it")
public record ExitInfo(@Nullable @Describe("The exit code when the program exited by itself") Integer code,
                       @Nullable @Describe("The signal name (e.g. TERM) when a signal killed it") String signal,
                       @Nullable @Describe("The signal number") Integer signalNumber) {
    static ExitInfo of(ExitStatus s) {
        return new ExitInfo(s.code(), s.signalName(), s.signal());
    }

    @Override
    public String toString() {
        return code != null ? "exit " + code : "signal " + signal;
    }
}
