package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ParallelBandsTest {
    /** More bands than cores, of uneven cost: every band is made once, and the results come back in band order. */
    @Test
    void everyBandIsEncodedOnceInOrder() {
        Set<Integer> made = ConcurrentHashMap.newKeySet();
        List<Integer> results = ParallelBands.encode(23, i -> {
            assertThat(made.add(i)).as("band %d made twice", i).isTrue();
            spin(i % 3 == 0 ? 3 : 0);
            return i * 10;
        }, r -> { });
        assertThat(results).containsExactlyElementsOf(IntStream.range(0, 23).map(i -> i * 10).boxed().toList());
    }

    /** A failing band is thrown; what the other bands made is handed back for freeing, nothing else. */
    @Test
    void aFailureHandsBackWhatWasMadeAndIsThrown() {
        Set<Integer> made = ConcurrentHashMap.newKeySet();
        Set<Integer> discarded = ConcurrentHashMap.newKeySet();
        assertThatThrownBy(() -> ParallelBands.encode(12, i -> {
            if (i == 5) {
                throw new IllegalStateException("band 5 broke");
            }
            made.add(i);
            return i;
        }, discarded::add)).isInstanceOf(IllegalStateException.class).hasMessage("band 5 broke");
        assertThat(discarded).isEqualTo(made);
    }

    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
