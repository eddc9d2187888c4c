package dev.uictl.app.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdleMemoryTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicInteger givenBack = new AtomicInteger();
    private final IdleMemory idle = new IdleMemory(givenBack::incrementAndGet);

    @Test
    void givesBackOncePerQuietSpell() {
        long activity = 100 * SECOND;
        idle.tick(0, activity, activity + 4 * SECOND);
        assertThat(givenBack).hasValue(0);
        idle.tick(0, activity, activity + 5 * SECOND);
        assertThat(givenBack).hasValue(1);
        idle.tick(0, activity, activity + 60 * SECOND);
        assertThat(givenBack).as("nothing happened since the last give-back").hasValue(1);
        long next = activity + 61 * SECOND;
        idle.tick(0, next, next + 6 * SECOND);
        assertThat(givenBack).hasValue(2);
    }

    @Test
    void neverWhileARequestIsBeingServed() {
        idle.tick(1, 0, 3600 * SECOND);
        assertThat(givenBack).hasValue(0);
        idle.tick(0, 0, 3600 * SECOND);
        assertThat(givenBack).hasValue(1);
    }
}
