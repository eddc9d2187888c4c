package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Processes put in a cgroup-v1 freezer group and frozen: a frozen task takes no signal, SIGKILL included, until it
 * is thawed (the pending SIGKILL then ends it). That is what a killer meets in a paused container (`docker pause`),
 * a frozen systemd unit, or a program stuck in uninterruptible sleep on a dead mount: the process table shows it
 * in state D and it outlives SIGKILL. Needs root and the v1 freezer hierarchy; elsewhere the test is skipped, and
 * under CI=true it fails.
 */
public final class FrozenGroup implements AutoCloseable {
    private static final Path FREEZER = Path.of("/sys/fs/cgroup/freezer");

    private final Path dir;

    private FrozenGroup(Path dir) {
        this.dir = dir;
    }

    /** Skips the test (fails it under CI=true) where no v1 freezer can be created. */
    public static void require() {
        boolean usable = Files.isWritable(FREEZER.resolve("cgroup.procs"));
        if ("true".equals(System.getenv("CI"))) {
            assertThat(usable).as("the cgroup-v1 freezer is writable (CI=true)").isTrue();
        }
        assumeTrue(usable, "no writable cgroup-v1 freezer hierarchy at " + FREEZER);
    }

    /** Freezes {@code pids}; returns once the kernel reports the group frozen. */
    public static FrozenGroup freeze(long... pids) throws IOException {
        require();
        FrozenGroup g = new FrozenGroup(Files.createDirectory(FREEZER.resolve("uictl-test-" + System.nanoTime())));
        for (long pid : pids) {
            Files.writeString(g.dir.resolve("cgroup.procs"), Long.toString(pid));
        }
        Files.writeString(g.dir.resolve("freezer.state"), "FROZEN");
        Poll.until("the group is frozen", Duration.ofSeconds(10), () -> g.state().equals("FROZEN"));
        return g;
    }

    /** Lets the processes run again: those that were sent SIGKILL meanwhile end now. */
    public void thaw() throws IOException {
        Files.writeString(dir.resolve("freezer.state"), "THAWED");
    }

    private String state() {
        try {
            return Files.readString(dir.resolve("freezer.state")).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Thaws, hands whatever still lives back to the root group and removes the group. */
    @Override
    public void close() throws IOException {
        thaw();
        for (String pid : Files.readAllLines(dir.resolve("cgroup.procs"))) {
            try {
                Files.writeString(FREEZER.resolve("cgroup.procs"), pid);
            } catch (IOException ended) {
                // it ended since the read
            }
        }
        Poll.until("the freezer group empties", Duration.ofSeconds(10), () -> {
            try {
                return Files.readString(dir.resolve("cgroup.procs")).isBlank();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Files.delete(dir);
    }
}
