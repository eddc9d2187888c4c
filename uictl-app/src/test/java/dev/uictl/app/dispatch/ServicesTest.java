package dev.uictl.app.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Issue 9, item 2: once shutdown began no service is created, so nothing outlives the daemon unclosed. */
class ServicesTest {
    /** A service that counts how often it was created and closed. */
    static final class Counted implements AutoCloseable {
        static final AtomicInteger CREATED = new AtomicInteger();
        static final AtomicInteger CLOSED = new AtomicInteger();

        Counted() {
            CREATED.incrementAndGet();
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    @Test
    void afterCloseAllNothingIsCreatedAndCallersGetDaemonUnavailable() {
        Services services = new Services().register(Counted.class, Counted::new);
        Counted first = services.get(Counted.class);
        int created = Counted.CREATED.get();
        services.closeAll();
        assertThat(Counted.CLOSED.get()).isPositive();
        assertThatThrownBy(() -> services.get(Counted.class))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.DAEMON_UNAVAILABLE);
                    assertThat(e.getMessage()).contains("stopping");
                });
        assertThat(Counted.CREATED.get()).isEqualTo(created);
        assertThat(first).isNotNull();
    }
}
