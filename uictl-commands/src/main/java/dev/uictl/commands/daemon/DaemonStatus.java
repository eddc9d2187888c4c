package dev.uictl.commands.daemon;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("State of the daemon serving this user and display")
public record DaemonStatus(
        boolean running,
        @Describe("daemon process id") @Nullable Long pid,
        String socket,
        String runtimeDir,
        String display,
        @Nullable String buildId,
        @Nullable String startedAt,
        @Nullable Long uptimeMs,
        @Nullable Long idleTimeoutMs,
        @Nullable Long activeConnections,
        @Nullable Long requestsServed,
        @Describe("resident memory of the daemon process (VmRSS)") @Nullable Long rssKb,
        @Describe("Java heap in use (live objects and garbage not yet collected)") @Nullable Long heapUsedKb,
        @Describe("Java heap the daemon holds from the system; given back when it has been idle a few seconds")
        @Nullable Long heapCommittedKb,
        @Describe("the largest the Java heap may grow") @Nullable Long heapMaxKb,
        @Nullable Long threads,
        @Nullable Long openFds,
        @Describe("last lines of the daemon log") List<String> logTail,
        @Describe("true when daemon stop had to kill the daemon (SIGKILL): it was stopped (SIGSTOP, a debugger) or "
                + "did not answer, so it could not stop cleanly") @Nullable Boolean forced) {

    /** This status, saying whether the daemon before it had to be killed (restart reports the stop it did). */
    public DaemonStatus withForced(Boolean forced) {
        return new DaemonStatus(running, pid, socket, runtimeDir, display, buildId, startedAt, uptimeMs, idleTimeoutMs,
                activeConnections, requestsServed, rssKb, heapUsedKb, heapCommittedKb, heapMaxKb, threads, openFds,
                logTail, forced);
    }
}
