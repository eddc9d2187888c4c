package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import java.util.List;

@Describe("One terminal session owned by the daemon")
public record SessionInfo(
        String sessionId,
        @Nullable String name,
        @Describe("Process id of the program (session leader)") int pid,
        @Describe("The pty slave, e.g. /dev/pts/3") String tty,
        List<String> argv,
        @Nullable @Describe("Under a policy, what confines the program (bwrap, pid-namespace, landlock-abi-N, "
                + "network-namespace, seccomp-network); absent when it runs unconfined") List<String> sandbox,
        String cwd,
        int rows,
        int cols,
        @Describe("True while the program runs") boolean running,
        @Nullable @Describe("Set once the program ended") ExitInfo exit,
        @Describe("ISO-8601 UTC") String openedAt,
        @Describe("Bytes the program wrote so far") long outputBytes,
        String title) {
}
