package dev.uictl.engine.desktop.env;

import dev.uictl.core.schema.Describe;

/**
 * One process the supervisor started as the leader of its own session (setsid), so everything it forks can be
 * found again by session id. The start time guards against a recycled pid.
 */
@Describe("A process of a private desktop")
public record ManagedProcess(@Describe("xvfb, session-bus or wm") String role, long pid,
                             @Describe("start time in clock ticks since boot (guards against pid reuse)") long startTime) {

    static ManagedProcess of(String role, long pid) {
        return new ManagedProcess(role, pid, ProcStat.of(pid).map(ProcStat::startTime).orElse(-1L));
    }

    public boolean alive() {
        return ProcStat.of(pid).filter(s -> s.startTime() == startTime && s.running()).isPresent();
    }
}
