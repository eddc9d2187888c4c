package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.testkit.Poll;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9, item 4: concurrent opens of one name, and opens racing the service's close (daemon stop). Each round
 * releases its threads together from a latch; a round's outcome must hold however they interleave.
 */
class TerminalSessionsRaceTest {
    private static final int CONTENDERS = 4;

    @TempDir
    Path tmp;

    /** Marks this test's programs so /proc, not the service, tells whether any outlived it. */
    private final String marker = "UICTL_RACE_TEST=" + java.util.UUID.randomUUID();

    private OpenRequest request(String name) {
        String[] kv = marker.split("=", 2);
        return new OpenRequest(List.of("sleep", "600"), Map.of("PATH", "/usr/bin:/bin", "HOME", tmp.toString()),
                Map.of(kv[0], kv[1]), tmp, 24, 80, name);
    }

    /** Fast settle: the race is in reserving the name and registering, not in the program's first screen. */
    private static final SettlePolicy QUICK = new SettlePolicy(Duration.ofMillis(1), Duration.ofMillis(1),
            Duration.ofMillis(50));

    @RepeatedTest(15)
    void ofConcurrentOpensWithOneNameExactlyOneSucceeds() throws Exception {
        TerminalSessions sessions = new TerminalSessions();
        try {
            List<Outcome> outcomes = race(CONTENDERS, () -> sessions.open(request("same"), QUICK), null);
            assertThat(outcomes.stream().filter(o -> o.opened != null)).hasSize(1);
            assertThat(outcomes.stream().filter(o -> o.error != null).map(o -> o.error.code()))
                    .hasSize(CONTENDERS - 1).containsOnly(ErrorCode.INVALID_ARGS);
            assertThat(sessions.list()).hasSize(1);
            assertThat(MarkedProcesses.await(marker, 1)).hasSize(1);
        } finally {
            sessions.close();
        }
    }

    @RepeatedTest(15)
    void anOpenRacingCloseNeverLeavesALiveProgram() throws Exception {
        TerminalSessions sessions = new TerminalSessions();
        List<Outcome> outcomes = race(CONTENDERS, () -> sessions.open(request(null), QUICK), sessions::close);
        for (Outcome o : outcomes) {
            if (o.error != null) {
                assertThat(o.error.code()).as(o.error.getMessage()).isEqualTo(ErrorCode.DAEMON_UNAVAILABLE);
            }
        }
        assertThat(sessions.list()).isEmpty();
        // Ending a program takes a moment (HUP, then its exit); a leaked one would stay.
        assertThat(Poll.holdsWithin(Duration.ofSeconds(10), () -> MarkedProcesses.carrying(marker).isEmpty()))
                .as("programs that outlived the close: %s", MarkedProcesses.carrying(marker)).isTrue();
    }

    @Test
    void aCancelledWaitEndsAtOnce() {
        TerminalSessions sessions = new TerminalSessions();
        try {
            sessions.open(request("w"), QUICK);
            Cancellation cancellation = new Cancellation();
            Thread.ofVirtual().start(() -> {
                cancellation.sleep(200);
                cancellation.cancel("the client went away");
            });
            long start = System.nanoTime();
            try {
                sessions.find("w").await(new WaitCondition.Text("never"), Duration.ofSeconds(60), cancellation);
                throw new AssertionError("the wait returned");
            } catch (Cancellation.CancelledException e) {
                assertThat(e.getMessage()).contains("the client went away");
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        } finally {
            sessions.close();
        }
    }

    private record Outcome(OpenResult opened, UictlException error) {
    }

    /** Runs {@code n} opens (and {@code alongside}, if any) released at the same instant. */
    private static List<Outcome> race(int n, java.util.function.Supplier<OpenResult> open, Runnable alongside)
            throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Outcome>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    try {
                        return new Outcome(open.get(), null);
                    } catch (UictlException e) {
                        return new Outcome(null, e);
                    }
                }));
            }
            if (alongside != null) {
                pool.submit(() -> {
                    go.await();
                    alongside.run();
                    return null;
                });
            }
            go.countDown();
            List<Outcome> out = new ArrayList<>();
            for (Future<Outcome> f : futures) {
                out.add(f.get(60, TimeUnit.SECONDS));
            }
            return out;
        }
    }
}
