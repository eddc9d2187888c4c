package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.capture.RgbImage;
import dev.uictl.testkit.Requires;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.util.Random;
import java.util.zip.Adler32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PngEncoderTest {

    @ParameterizedTest(name = "{0}x{1} in {2} band(s)")
    @CsvSource({"1,1,1", "7,3,1", "7,3,2", "33,17,4", "640,480,1", "640,480,3", "1920,1080,2"})
    void decodesToExactlyTheInputPixels(int width, int height, int bands) throws IOException {
        RgbImage image = screenLike(width, height, new Random(width * 31L + height));

        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(PngEncoder.pureJava().encodeInBands(image, bands)));

        assertThat(decoded.getWidth()).isEqualTo(width);
        assertThat(decoded.getHeight()).isEqualTo(height);
        assertThat(decoded.getColorModel().hasAlpha()).isFalse();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if ((decoded.getRGB(x, y) & 0xFFFFFF) != image.rgb(x, y)) {
                    throw new AssertionError("pixel " + x + "," + y + ": " + Integer.toHexString(decoded.getRGB(x, y))
                            + " != " + Integer.toHexString(image.rgb(x, y)));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1} in {2} band(s), photo-like {3}, libdeflate {4}")
    @CsvSource({"1,1,1,true,true", "7,3,2,true,true", "33,17,4,false,true", "640,480,3,true,true",
        "640,480,3,true,false", "640,480,1,false,true", "1920,1080,2,true,true"})
    void bothTreatmentsRoundTripThroughBothCompressors(int width, int height, int bands, boolean photo,
            boolean libdeflate) throws IOException {
        RgbImage image = photo ? photoLike(width, height, new Random(3)) : screenLike(width, height, new Random(3));
        PngEncoder encoder = PngEncoder.pureJava();
        if (libdeflate) {
            ImageEncoders installed = ImageEncoders.installed();
            Requires.that(installed.png().nativeInUse(), "libdeflate.so.0 (apt-get install -y libdeflate0)");
            encoder = (PngEncoder) installed.png().encoder();
        }
        if (photo && width > 1) {
            assertThat(PngEncoder.Content.of(image, 0, height)).isEqualTo(PngEncoder.Content.PHOTO);
        }
        assertThat(ImageDifference.of(image, encoder.encodeInBands(image, bands)).meanAbsolute()).isZero();
    }

    /** A smooth gradient with noise on every pixel: no pixel repeats its left neighbour, as in a photograph. */
    static RgbImage photoLike(int width, int height, Random random) {
        int[] px = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int r = Math.clamp((x * 255L) / width + random.nextInt(9) - 4, 0, 255);
                int g = Math.clamp((y * 255L) / height + random.nextInt(9) - 4, 0, 255);
                int b = (x + y + random.nextInt(5)) & 0xFF;
                px[y * width + x] = random.nextInt(256) << 24 | r << 16 | g << 8 | b;
            }
        }
        return new RgbImage(width, height, px);
    }

    @Test
    void theDefaultBandChoiceAlsoRoundTrips() throws IOException {
        RgbImage image = screenLike(1920, 1080, new Random(7));
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(PngEncoder.pureJava().encode(image, 100)));
        assertThat(decoded.getRGB(1919, 1079) & 0xFFFFFF).isEqualTo(image.rgb(1919, 1079));
        assertThat(decoded.getRGB(0, 540) & 0xFFFFFF).isEqualTo(image.rgb(0, 540));
    }

    @Test
    void repeatedRowsRoundTripWhetherOrNotTheirPaddingBytesAgree() throws IOException {
        int w = 300;
        int h = 200;
        int[] px = new int[w * h];
        Random random = new Random(11);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                // Blocks of ten identical rows; the second half carries noise in the undefined top byte.
                int rgb = (y / 10 * 37) << 16 | (x * 5 & 0xFF) << 8 | 0x40;
                px[y * w + x] = (y >= h / 2 ? random.nextInt(256) << 24 : 0) | rgb;
            }
        }
        RgbImage image = new RgbImage(w, h, px);

        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(PngEncoder.pureJava().encodeInBands(image, 2)));

        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                assertThat(decoded.getRGB(x, y) & 0xFFFFFF).isEqualTo(image.rgb(x, y));
            }
        }
    }

    /** ImageIO stops reading at the last pixel, never at zlib's trailer: the checksum is checked here. */
    @ParameterizedTest(name = "photo-like {0}, libdeflate {1}, {2} band(s)")
    @CsvSource({"true,false,3", "false,false,3", "true,true,2", "false,true,2", "false,true,1"})
    void theZlibStreamEndsWithTheChecksumOfTheFilteredRows(boolean photo, boolean libdeflate, int bands)
            throws DataFormatException {
        RgbImage image = photo ? photoLike(640, 480, new Random(5)) : screenLike(640, 480, new Random(5));
        PngEncoder encoder = PngEncoder.pureJava();
        if (libdeflate) {
            ImageEncoders installed = ImageEncoders.installed();
            Requires.that(installed.png().nativeInUse(), "libdeflate.so.0 (apt-get install -y libdeflate0)");
            encoder = (PngEncoder) installed.png().encoder();
        }
        byte[] png = encoder.encodeInBands(image, bands);
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        for (int at = PngChunks.SIGNATURE.length; at < png.length; ) {
            int length = ByteBuffer.wrap(png, at, 4).getInt();
            if (new String(png, at + 4, 4, StandardCharsets.US_ASCII).equals("IDAT")) {
                idat.write(png, at + 8, length);
            }
            at += PngChunks.FRAMING + length;
        }

        Inflater inflater = new Inflater(); // zlib format: inflating to the end verifies the Adler-32
        inflater.setInput(idat.toByteArray());
        byte[] rows = new byte[PngFilter.stride(640) * 480 + 1];
        int n = inflater.inflate(rows);

        assertThat(inflater.finished()).isTrue();
        assertThat(n).isEqualTo(PngFilter.stride(640) * 480);
    }

    @Test
    void combinedAdlerEqualsTheChecksumOfTheWhole() {
        Random random = new Random(3);
        for (int round = 0; round < 50; round++) {
            byte[] data = new byte[random.nextInt(200_000) + 1];
            random.nextBytes(data);
            int cut = random.nextInt(data.length + 1);
            Adler32 whole = new Adler32();
            whole.update(data);
            Adler32 a = new Adler32();
            a.update(data, 0, cut);
            Adler32 b = new Adler32();
            b.update(data, cut, data.length - cut);

            assertThat(PngEncoder.combineAdler32(a.getValue(), b.getValue(), data.length - cut))
                    .isEqualTo(whole.getValue());
        }
    }

    /**
     * Solid areas, repeated rows and noisy patches, with garbage in the undefined top byte (as X servers deliver).
     */
    static RgbImage screenLike(int width, int height, Random random) {
        int[] px = new int[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int rgb;
                if (y % 50 < 20) {
                    rgb = 0x3A6EA5;
                } else if (x % 97 < 40) {
                    rgb = random.nextInt(0x1000000);
                } else {
                    rgb = (x * 7) << 16 | (y * 3 & 0xFF) << 8 | ((x + y) & 0xFF);
                }
                px[y * width + x] = random.nextInt(256) << 24 | (rgb & 0xFFFFFF);
            }
        }
        return new RgbImage(width, height, px);
    }
}
