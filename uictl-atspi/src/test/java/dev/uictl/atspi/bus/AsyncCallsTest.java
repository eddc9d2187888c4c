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
