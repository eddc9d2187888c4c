package dev.uictl.atspi.bus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.atspi.A11yDesktop;
import dev.uictl.atspi.iface.Accessible;
import dev.uictl.atspi.iface.Text;
import dev.uictl.atspi.walk.Desktop;
import dev.uictl.testkit.Poll;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Calls with arguments go through the asynchronous path (interface parameters are boxed so dbus-java finds the
 * method); a stopped application costs its caller only the budget and leaves the connection serving others; a
 * departed object is {@link AtspiException.ObjectGone}.
 */
@Tag("x11")
class AsyncCallsTest {
    @Test
    void argumentsTimeoutsAndGoneObjects() throws Exception {
        try (A11yDesktop d = A11yDesktop.start()) {
            Process fixture = d.fixture("Calls");
            Process other = d.fixture("Other");
            AtspiConnection c = d.connection();
            Desktop.App app = await(c, fixture.pid());
            await(c, other.pid());
            AccessibleId label = find(c, app.root(), "Status");
            String text = c.invoke(label, Text.class, "GetText", Budget.of(Duration.ofSeconds(2)), 0, -1);
            assertThat(text).isEqualTo("clicked 0");

            new ProcessBuilder("kill", "-STOP", Long.toString(fixture.pid())).start().waitFor(5, TimeUnit.SECONDS);
            try {
                long t0 = System.nanoTime();
                assertThatThrownBy(() -> c.invoke(label, Text.class, "GetText", Budget.of(Duration.ofMillis(300)),
                        0, -1)).isInstanceOf(AtspiException.Unresponsive.class);
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(2000);
                assertThat(new Desktop(c).applications(Budget.of(Duration.ofSeconds(3))))
                        .anyMatch(a -> a.pid() == other.pid());
            } finally {
                new ProcessBuilder("kill", "-CONT", Long.toString(fixture.pid())).start().waitFor(5, TimeUnit.SECONDS);
            }
            fixture.destroy();
            fixture.waitFor(10, TimeUnit.SECONDS);
            assertThatThrownBy(() -> c.invoke(label, Text.class, "GetText", Budget.of(Duration.ofSeconds(2)), 0, -1))
                    .isInstanceOf(AtspiException.ObjectGone.class);
        }
    }

    @Test
    void callsToManyObjectsLeaveNothingBehindOnTheConnection() throws Exception {
        try (A11yDesktop d = A11yDesktop.start()) {
            Process fixture = d.fixture("Leak");
            AtspiConnection c = d.connection();
            String app = await(c, fixture.pid()).root().bus();
            calls(c, app, 0, 5_000); // warm up: classes loaded, code compiled
            long before = settled(c, app);
            calls(c, app, 5_000, 60_000);
            long grown = settled(c, app) - before;
            // dbus-java keeps a proxy per object called; held strongly that is 60,000 entries here (~10 MB), the
            // way a long-lived daemon meets ever new table cells and menu items over a day
            assertThat(grown).as("heap grown over calls to 60,000 objects, bytes").isLessThan(3L << 20);
        }
    }

    /**
     * Overlapping calls to one object from several threads, with collections in between, all reach it: with a
     * proxy per call, dbus-java's weak import map lost the entry of a proxy still in use once an equal, older
     * proxy was collected, and the call failed inside dbus-java ("ro" is null).
     */
    @Test
    void overlappingCallsToOneObjectAllArriveThroughCollections() throws Exception {
        try (A11yDesktop d = A11yDesktop.start()) {
            Process fixture = d.fixture("Overlap");
            AtspiConnection c = d.connection();
            AccessibleId root = await(c, fixture.pid()).root();
            List<Thread> threads = new java.util.ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    Budget b = Budget.of(Duration.ofSeconds(60));
                    for (int i = 0; i < 1_500; i++) {
                        try {
                            assertThat(c.<String>invoke(root, Accessible.class, "GetRoleName", b)).isNotEmpty();
                        } catch (Throwable e) {
                            failures.add(e);
                            return;
                        }
                        if (i % 100 == 0) {
                            System.gc();
                        }
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertThat(failures).isEmpty();
        }
    }

    /** Calls {@code n} different objects (paths no object has: each answers with an error, after a round trip). */
    private static void calls(AtspiConnection c, String app, int from, int n) {
        Budget b = Budget.of(Duration.ofSeconds(60));
        for (int done = 0; done < n; done += 500) {
            List<java.util.concurrent.CompletableFuture<String>> batch = new java.util.ArrayList<>();
            for (int i = 0; i < 500; i++) {
                AccessibleId nobody = new AccessibleId(app, "/org/a11y/atspi/accessible/leak" + (from + done + i));
                batch.add(c.call(nobody, Text.class, "GetText", 0, -1));
            }
            for (var f : batch) {
                try {
                    AtspiConnection.await(f, b, app, "GetText");
                } catch (AtspiException.ObjectGone | AtspiException.CallFailed expected) {
                    // the round trip is what was wanted
                }
            }
        }
    }

    /** Heap in use once collected; a batch of calls in between lets weakly held entries of dead proxies go. */
    private static long settled(AtspiConnection c, String app) {
        System.gc();
        calls(c, app, 1_000_000, 500);
        return usedAfterCollection();
    }

    private static long usedAfterCollection() {
        Runtime r = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = Math.min(used, r.totalMemory() - r.freeMemory());
        }
        return used;
    }

    private static Desktop.App await(AtspiConnection c, long pid) {
        return Poll.value("application " + pid + " with its widgets registered", Duration.ofSeconds(15), () -> {
            for (Desktop.App a : new Desktop(c).applications(Budget.of(Duration.ofSeconds(2)))) {
                if (a.pid() == pid) {
                    try {
                        find(c, a.root(), "Status");
                        return Optional.of(a);
                    } catch (AssertionError notYet) {
                        // widgets not registered yet
                    }
                }
            }
            return Optional.empty();
        });
    }

    private static AccessibleId find(AtspiConnection c, AccessibleId from, String name) {
        Budget b = Budget.of(Duration.ofSeconds(2));
        String n = c.<String>property(from, Accessible.NAME, "Name").join();
        if (name.equals(n)) {
            return from;
        }
        List<dev.uictl.atspi.iface.ObjectRef> kids = c.invoke(from, Accessible.class, "GetChildren", b);
        for (var k : kids) {
            try {
                return find(c, AccessibleId.of(k), name);
            } catch (AssertionError none) {
                // next
            }
        }
        throw new AssertionError("no " + name);
    }
}
