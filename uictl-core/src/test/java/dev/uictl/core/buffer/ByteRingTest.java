package dev.uictl.core.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteRingTest {
    @Test
    void aQuietStreamCostsWhatItHoldsNotItsLimit() {
        ByteRing ring = new ByteRing(8 << 20);
        assertThat(ring.capacity()).isEqualTo(4096);
        ring.append(new byte[5000]);
        assertThat(ring.capacity()).isEqualTo(8192);
        ring.append(new byte[100_000]);
        assertThat(ring.capacity()).isBetween(105_000, 2 * 105_000);
        assertThat(ring.held()).isEqualTo(105_000);
        assertThat(ring.dropped()).isZero();
    }

    @Test
    void growsToTheLimitThenKeepsTheNewestBytes() {
        ByteRing ring = new ByteRing(10_000);
        byte[] all = new byte[25_000];
        new Random(7).nextBytes(all);
        for (int i = 0; i < all.length; i += 1000) {
            ring.append(all, i, 1000);
        }
        assertThat(ring.capacity()).isEqualTo(10_000);
        assertThat(ring.total()).isEqualTo(25_000);
        assertThat(ring.dropped()).isEqualTo(15_000);
        assertThat(ring.bytes()).isEqualTo(Arrays.copyOfRange(all, 15_000, 25_000));
        assertThat(ring.since(20_000)).isEqualTo(Arrays.copyOfRange(all, 20_000, 25_000));
        assertThat(ring.since(3)).isEqualTo(Arrays.copyOfRange(all, 15_000, 25_000));
        assertThat(ring.since(25_000)).isEmpty();
        assertThat(ring.since(99_000)).isEmpty();
    }

    @Test
    void matchesAPlainCopyOfTheStreamForAnyChunking() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            int limit = 1 + random.nextInt(20_000);
            ByteRing ring = new ByteRing(limit);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            for (int chunk = random.nextInt(40); chunk > 0; chunk--) {
                byte[] data = new byte[random.nextInt(random.nextBoolean() ? 50 : 30_000)];
                random.nextBytes(data);
                int offset = data.length == 0 ? 0 : random.nextInt(data.length);
                int length = data.length - offset;
                ring.append(data, offset, length);
                stream.write(data, offset, length);
                byte[] all = stream.toByteArray();
                int from = Math.max(0, all.length - limit);
                assertThat(ring.bytes()).isEqualTo(Arrays.copyOfRange(all, from, all.length));
                long mark = all.length == 0 ? 0 : random.nextInt(all.length);
                assertThat(ring.since(mark)).isEqualTo(Arrays.copyOfRange(all, (int) Math.max(from, mark), all.length));
                assertThat(ring.capacity()).isLessThanOrEqualTo(limit);
            }
        }
    }

    @Test
    void keepsTheNewestBytesAcrossTheWrap() {
        ByteRing ring = new ByteRing(8);
        ring.append(ascii("abcdef"));
        ring.append(ascii("ghijk"));
        assertThat(new String(ring.bytes(), StandardCharsets.US_ASCII)).isEqualTo("defghijk");
        assertThat(ring.dropped()).isEqualTo(3);
    }

    @Test
    void aChunkLargerThanTheLimitKeepsItsTail() {
        ByteRing ring = new ByteRing(4);
        ring.append(ascii("xy"));
        ring.append(ascii("0123456789"));
        assertThat(new String(ring.bytes(), StandardCharsets.US_ASCII)).isEqualTo("6789");
        assertThat(ring.total()).isEqualTo(12);
        assertThat(ring.dropped()).isEqualTo(8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void refusesAnEmptyLimit() {
        assertThatThrownBy(() -> new ByteRing(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
