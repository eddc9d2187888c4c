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
        @Nullable Long rssKb,
        @Nullable Long threads,
        @Nullable Long openFds,
        @Describe("last lines of the daemon log") List<String> logTail) {
}
