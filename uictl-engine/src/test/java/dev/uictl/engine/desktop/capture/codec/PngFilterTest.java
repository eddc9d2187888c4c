package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.capture.RgbImage;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PngFilterTest {
    /** The up filter skips pixels equal to the one above: the bytes it leaves must still be zeros. */
    @Test
    void upWritesEveryByteOfItsRowOverWhateverTheBufferHeld() {
        int width = 37;
        int height = 6;
        int[] px = new int[width * height];
        Random random = new Random(7);
        for (int i = 0; i < px.length; i++) {
            // mostly repeating the row above, as text on a flat background; the top byte is undefined
            px[i] = i >= width && random.nextInt(4) > 0 ? px[i - width] : random.nextInt();
        }
        px[2 * width + 5] = px[width + 5] ^ 0xFF000000; // differs above only in the undefined byte
        RgbImage image = new RgbImage(width, height, px);
        int stride = PngFilter.stride(width);
        byte[] out = new byte[stride * height];
        Arrays.fill(out, (byte) 0x5A);
        for (int y = 0; y < height; y++) {
            PngFilter.up(image, y, out, y * stride);
        }
        for (int y = 0; y < height; y++) {
            assertThat(out[y * stride]).isEqualTo((byte) PngFilter.UP);
            for (int x = 0; x < width; x++) {
                int p = px[y * width + x];
                int q = y == 0 ? 0 : px[(y - 1) * width + x];
                int at = y * stride + 1 + 3 * x;
                assertThat(new byte[] {out[at], out[at + 1], out[at + 2]}).as("pixel %d,%d", x, y)
                        .containsExactly((byte) ((p >> 16) - (q >> 16)), (byte) ((p >> 8) - (q >> 8)), (byte) (p - q));
            }
        }
    }
}
