package dev.uictl.engine.desktop.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ImageMemoryTest {
    private static CallContext call(Cancellation cancellation) {
        return new CallContext() {
            public Path cwd() {
                return Path.of(".");
            }

            public Map<String, String> env() {
                return Map.of();
            }

            public String session() {
                return "default";
            }

            public Cancellation cancellation() {
                return cancellation;
            }

            public void onDisconnect(Runnable cleanup) {
            }
        };
    }

    @Test
    void anImageOverThePixelLimitIsRefusedWithTheLimit() {
        ImageMemory memory = new ImageMemory(1L << 40);
        // `screenshot --scale 4` of a 1920x1080 screen
        assertThatThrownBy(() -> memory.reserve(1920, 1080, 7680, 4320, call(Cancellation.NEVER)))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(e.details()).containsEntry("limit_pixels", ImageMemory.MAX_PIXELS)
                            .containsEntry("pixels", 7680L * 4320);
                });
    }

    @Test
    void anImageThatCanNeverFitTheBudgetIsRefusedWithTheBudget() {
        ImageMemory memory = new ImageMemory(64L << 20);
        assertThatThrownBy(() -> memory.reserve(1920, 1080, 3840, 2160, call(Cancellation.NEVER)))
                .isInstanceOfSatisfying(UictlException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS);
                    assertThat(e.details()).containsEntry("limit_bytes", 64L << 20);
                });
    }

    @Test
    void concurrentShotsShareTheBudgetAndNeverExceedIt() throws Exception {
        long one = ImageMemory.estimate(1920, 1080, 1920, 1080);
        ImageMemory memory = new ImageMemory(one * 2 + one / 2);
        AtomicLong held = new AtomicLong();
        AtomicLong peak = new AtomicLong();
        List<Future<?>> shots = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 8; i++) {
                shots.add(pool.submit(() -> {
                    try (ImageMemory.Lease lease = memory.reserve(1920, 1080, 1920, 1080, call(Cancellation.NEVER))) {
                        peak.accumulateAndGet(held.addAndGet(one), Math::max);
                        Thread.sleep(50);
                        held.addAndGet(-one);
                    }
                    return null;
                }));
            }
            for (Future<?> f : shots) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        assertThat(peak.get()).isLessThanOrEqualTo(one * 2).isGreaterThan(0);
        assertThat(memory.available()).isEqualTo(memory.budgetBytes() / 1024 * 1024);
    }

    @Test
    void aWaitingShotStopsWhenTheCallIsCancelled() throws Exception {
        long one = ImageMemory.estimate(1000, 1000, 1000, 1000);
        ImageMemory memory = new ImageMemory(one + 1024);
        try (ImageMemory.Lease held = memory.reserve(1000, 1000, 1000, 1000, call(Cancellation.NEVER))) {
            Cancellation token = new Cancellation();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<?> waiting = pool.submit(() -> memory.reserve(1000, 1000, 1000, 1000, call(token)));
                Thread.sleep(200);
                assertThat(waiting.isDone()).isFalse();
                long start = System.nanoTime();
                token.cancel("client went away");
                assertThatThrownBy(() -> waiting.get(5, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(Cancellation.CancelledException.class);
                assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(2));
            }
        }
    }
}
