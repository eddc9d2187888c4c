package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.engine.desktop.capture.RgbImage;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class JpegEncoderTest {
    /** ITU-T T.81 Annex K.1 luminance table, zig-zag order: what libjpeg scales by the quality. */
    private static final int[] STANDARD_LUMINANCE_FIRST = {16, 11, 12, 14, 12, 10, 16, 14};

    @ParameterizedTest(name = "quality {0}")
    @ValueSource(ints = {10, 50, 75, 95})
    void theQuantisationTableFollowsTheRequestedQuality(int quality) {
        byte[] jpeg = JpegEncoder.encodeWithImageIo(PngEncoderTest.screenLike(64, 48, new Random(1)), quality);

        int[] table = firstQuantisationTable(jpeg);
        int scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
        for (int i = 0; i < STANDARD_LUMINANCE_FIRST.length; i++) {
            int expected = Math.clamp((STANDARD_LUMINANCE_FIRST[i] * scale + 50) / 100, 1, 255);
            assertThat(table[i]).as("entry %d at quality %d", i, quality).isEqualTo(expected);
        }
    }

    @Test
    void higherQualityIsLargerAndCloserToTheSource() throws IOException {
        RgbImage image = PngEncoderTest.screenLike(320, 200, new Random(2));
        byte[] low = JpegEncoder.encodeWithImageIo(image, 20);
        byte[] high = JpegEncoder.encodeWithImageIo(image, 95);

        assertThat(high.length).isGreaterThan(low.length);
        assertThat(meanError(image, high)).isLessThan(meanError(image, low));
    }

    @Test
    void rejectsQualityOutsideOneToHundred() {
        RgbImage image = RgbImage.blank(4, 4);
        assertThatThrownBy(() -> JpegEncoder.encodeWithImageIo(image, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JpegEncoder.encodeWithImageIo(image, 101)).isInstanceOf(IllegalArgumentException.class);
    }

    private static double meanError(RgbImage image, byte[] jpeg) throws IOException {
        return ImageDifference.of(image, jpeg).meanAbsolute();
    }

    /** The 8-bit entries of the first DQT segment (marker FFDB), in zig-zag order. */
    private static int[] firstQuantisationTable(byte[] jpeg) {
        for (int i = 2; i + 4 < jpeg.length; ) {
            int marker = jpeg[i + 1] & 0xFF;
            int length = (jpeg[i + 2] & 0xFF) << 8 | (jpeg[i + 3] & 0xFF);
            if (marker == 0xDB) {
                int[] table = new int[64];
                for (int k = 0; k < 64; k++) {
                    table[k] = jpeg[i + 5 + k] & 0xFF;
                }
                return table;
            }
            i += 2 + length;
        }
        throw new AssertionError("no DQT segment");
    }
}
