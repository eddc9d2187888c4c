package dev.uictl.pty.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OrphansTest {
    /** A name of its own, so concurrent tests and real sessions never meet this test's markers. */
    private final String name = "UICTL_ORPHAN_TEST_" + UUID.randomUUID().toString().replace("-", "");
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(p -> p.descendants().forEach(ProcessHandle::destroyForcibly));
        started.forEach(Process::destroyForcibly);
    }

    /** A setsid'ed sleep whose environment carries {@code marker}, as a session's escaped daemon would. */
    private long startMarked(ProcessMarker marker) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("setsid", "sleep", "600").directory(Path.of("/").toFile());
        pb.environment().put(marker.name(), marker.value());
        Process p = pb.start();
        started.add(p);
        return p.pid();
    }

    @Test
    void processesWhoseOwnerIsGoneAreEndedAndLiveOwnersKeepTheirs() throws Exception {
        ProcessMarker.Owner self = ProcessMarker.Owner.self();
        // The pid is ours but the start time is not: exactly what a recycled pid of a dead daemon looks like.
        ProcessMarker.Owner gone = new ProcessMarker.Owner(self.pid(), self.startTime() + 1, self.pidNamespace());
        ProcessMarker deadOwner = new ProcessMarker(name, gone.prefix() + ":1:t1");
        ProcessMarker liveOwner = ProcessMarker.ownedByThisProcess(name, "t1");
        ProcessMarker noOwnerForm = new ProcessMarker(name, "set-by-hand");
        // the same pid means another process in another PID namespace: not ours to judge
        ProcessMarker otherNamespace = new ProcessMarker(name, new ProcessMarker.Owner(self.pid(), self.startTime() + 1,
                self.pidNamespace() + 1).prefix() + ":1:t1");
        long orphan = startMarked(deadOwner);
        long kept = startMarked(liveOwner);
        long foreign = startMarked(noOwnerForm);
        long elsewhere = startMarked(otherNamespace);
        awaitCarrying(deadOwner, orphan);
        awaitCarrying(liveOwner, kept);
        awaitCarrying(noOwnerForm, foreign);
        awaitCarrying(otherNamespace, elsewhere);

        TerminationReport report = Orphans.end(name, Signal.TERM, Duration.ofSeconds(2));

        assertThat(report.signalled()).isEqualTo(1);
        assertThat(PtyProcessTest.carrying(deadOwner)).isEmpty();
        assertThat(PtyProcessTest.carrying(liveOwner)).containsExactly((int) kept);
        assertThat(PtyProcessTest.carrying(noOwnerForm)).containsExactly((int) foreign);
        assertThat(PtyProcessTest.carrying(otherNamespace)).containsExactly((int) elsewhere);
    }

    @Test
    void withoutOrphansNothingIsSignalled() throws Exception {
        assertThat(Orphans.end(name, Signal.TERM, Duration.ofSeconds(1))).isEqualTo(new TerminationReport(0, 0));
    }

    /** The child's exec may not have happened yet; its environment shows once it has. */
    private static void awaitCarrying(ProcessMarker marker, long pid) throws InterruptedException {
        // /proc has no change event
        Poll.until("process " + pid + " shows " + marker, () -> PtyProcessTest.carrying(marker).contains((int) pid));
    }
}
