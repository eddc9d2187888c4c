package dev.uictl.engine.desktop.model;

import dev.uictl.core.schema.Describe;
import java.util.List;

@Describe("An application closed")
public record CloseAppResult(String app, List<Long> pids, int windowCount,
                             @Describe("graceful (_NET_CLOSE_WINDOW), sigterm, sigkill or kill_client") String method,
                             @Describe("every window is gone (and, with --force, every process exited)") boolean verified) {
}
