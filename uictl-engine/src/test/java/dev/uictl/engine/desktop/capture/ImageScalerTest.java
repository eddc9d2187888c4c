package dev.uictl.engine.desktop.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ImageScalerTest {

    @Test
    void halvingAveragesEachTwoByTwoBlock() {
        Random random = new Random(5);
        RgbImage src = RgbImage.blank(40, 30);
        for (int i = 0; i < src.pixels().length; i++) {
            src.pixels()[i] = random.nextInt(0x1000000);
        }

        RgbImage half = ImageScaler.scale(src, 0.5);

        assertThat(half.width()).isEqualTo(20);
        assertThat(half.height()).isEqualTo(15);
        for (int y = 0; y < 15; y++) {
            for (int x = 0; x < 20; x++) {
                for (int shift = 0; shift <= 16; shift += 8) {
                    int sum = 0;
                    for (int dy = 0; dy < 2; dy++) {
                        for (int dx = 0; dx < 2; dx++) {
                            sum += (src.rgb(2 * x + dx, 2 * y + dy) >> shift) & 0xFF;
                        }
                    }
                    int actual = (half.rgb(x, y) >> shift) & 0xFF;
                    // Two rounding steps (one per pass) can each move the mean by half a level.
                    assertThat(actual).as("channel %d at %d,%d", shift, x, y).isCloseTo(sum / 4, org.assertj.core.data.Offset.offset(1));
                }
            }
        }
    }

    @Test
    void uniformColourStaysExactAtAnyFactor() {
        RgbImage src = RgbImage.blank(101, 57);
        java.util.Arrays.fill(src.pixels(), 0x12AB34);
        for (double factor : new double[] {0.1, 0.33, 0.5, 0.77, 1.5, 2}) {
            RgbImage scaled = ImageScaler.scale(src, factor);
            assertThat(scaled.width()).isEqualTo(ImageScaler.scaledSize(101, factor));
            assertThat(scaled.height()).isEqualTo(ImageScaler.scaledSize(57, factor));
            for (int i = 0; i < scaled.width() * scaled.height(); i++) {
                assertThat(scaled.pixels()[i] & 0xFFFFFF).isEqualTo(0x12AB34);
            }
        }
    }

    @Test
    void factorOneReturnsTheSameImageAndTinyFactorsKeepOnePixel() {
        RgbImage src = RgbImage.blank(10, 10);
        assertThat(ImageScaler.scale(src, 1.0)).isSameAs(src);
        RgbImage dot = ImageScaler.scale(src, 0.001);
        assertThat(dot.width()).isEqualTo(1);
        assertThat(dot.height()).isEqualTo(1);
    }

    @Test
    void doublingReplicatesPixels() {
        RgbImage src = new RgbImage(2, 1, new int[] {0xFF0000, 0x0000FF});
        RgbImage doubled = ImageScaler.scale(src, 2);
        assertThat(doubled.rgb(0, 0)).isEqualTo(0xFF0000);
        assertThat(doubled.rgb(1, 1)).isEqualTo(0xFF0000);
        assertThat(doubled.rgb(2, 0)).isEqualTo(0x0000FF);
        assertThat(doubled.rgb(3, 1)).isEqualTo(0x0000FF);
    }
}
