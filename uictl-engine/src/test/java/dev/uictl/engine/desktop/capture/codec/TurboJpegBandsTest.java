package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.engine.desktop.capture.RgbImage;
import dev.uictl.testkit.Requires;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JPEGs encoded as bands in parallel and joined by restart markers must decode to exactly the pixels of the same
 * image encoded at once: the bands are cut at MCU rows, so every block sees the same samples and the same tables.
 */
class TurboJpegBandsTest {
    private TurboJpeg turbo;

    @BeforeEach
    void nativeEncoder() {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.jpeg().nativeInUse(), "libturbojpeg.so.0 (apt-get install -y libturbojpeg0)");
        turbo = (TurboJpeg) installed.jpeg().encoder();
    }

    @ParameterizedTest(name = "{0}x{1} in {2} bands")
    @CsvSource({
        "1920, 1080, 2", // the 1080p screen: 544 + 536 rows, restart interval 120 * 34
        "1920, 1080, 4",
        "1001, 333, 2", // neither side a multiple of 16: edge blocks padded the same way in both encodings
        "1001, 333, 3",
        "17, 40, 3", // one MCU row per band, the last a partial one
        "640, 480, 15", // more bands than restart markers RST0..RST7: the numbers wrap
    })
    void bandsDecodeToThePixelsOfTheWholeImageEncodedAtOnce(int width, int height, int bands) throws IOException {
        RgbImage image = photoAndText(width, height, new Random(width * 31L + height));

        byte[] whole = turbo.encodeInBands(image, 80, 1);
        byte[] joined = turbo.encodeInBands(image, 80, bands);

        assertThat(countMarkers(whole, 0xDD)).as("DRI segments in the one-piece JPEG").isZero();
        assertThat(countMarkers(joined, 0xDD)).as("DRI segments").isEqualTo(1);
        assertThat(restartMarkers(joined)).as("restart markers").isEqualTo(bands - 1);
        assertThat(differingPixels(decode(joined), decode(whole))).as("pixels decoding differently").isZero();
    }

    @Test
    void aStrictDecoderAcceptsTheJoinedJpegWithoutWarnings(@TempDir Path dir) throws Exception {
        Requires.program("convert");
        RgbImage image = photoAndText(1920, 1080, new Random(3));
        Path whole = dir.resolve("whole.jpg");
        Path joined = dir.resolve("joined.jpg");
        Files.write(whole, turbo.encodeInBands(image, 80, 1));
        Files.write(joined, turbo.encodeInBands(image, 80, 2));

        // libjpeg (through ImageMagick) warns about a wrong restart marker or stray bytes and resynchronises
        Process p = new ProcessBuilder("convert", "-regard-warnings", joined.toString(), "rgb:" + dir.resolve("j.rgb"))
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(output).isZero();
        assertThat(output).isEmpty();
        new ProcessBuilder("convert", whole.toString(), "rgb:" + dir.resolve("w.rgb")).start().waitFor();
        assertThat(Files.readAllBytes(dir.resolve("j.rgb"))).isEqualTo(Files.readAllBytes(dir.resolve("w.rgb")));
    }

    @Test
    void theSpliceRefusesWhatItCannotJoin() {
        RgbImage image = photoAndText(64, 64, new Random(4));
        byte[] joined = turbo.encodeInBands(image, 80, 2); // has a DRI segment already
        MemorySegment band = MemorySegment.ofArray(joined);
        assertThatThrownBy(() -> RestartSplice.join(List.of(band, band), 128, 16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("restart");
        MemorySegment truncated = MemorySegment.ofArray(turbo.encodeInBands(image, 80, 1)).asSlice(0, 100);
        assertThatThrownBy(() -> RestartSplice.join(List.of(truncated), 64, 16))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A photo-like top third and a sharp, screen-like rest: band cuts pass through both kinds. */
    private static RgbImage photoAndText(int width, int height, Random random) {
        RgbImage photo = PngEncoderTest.photoLike(width, height, random);
        RgbImage screen = PngEncoderTest.screenLike(width, height, random);
        int[] px = photo.pixels().clone();
        int third = height / 3 * width;
        System.arraycopy(screen.pixels(), third, px, third, px.length - third);
        return new RgbImage(width, height, px);
    }

    private static int[] decode(byte[] jpeg) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    private static long differingPixels(int[] a, int[] b) {
        assertThat(a.length).isEqualTo(b.length);
        return IntStream.range(0, a.length).filter(i -> a[i] != b[i]).count();
    }

    /** Marker segments of this type before the scan data. */
    private static int countMarkers(byte[] jpeg, int type) {
        int count = 0;
        for (int i = 2; i + 4 <= jpeg.length && (jpeg[i + 1] & 0xFF) != 0xDA; ) {
            count += (jpeg[i + 1] & 0xFF) == type ? 1 : 0;
            i += 2 + ((jpeg[i + 2] & 0xFF) << 8 | (jpeg[i + 3] & 0xFF));
        }
        return count;
    }

    /** RSTn markers (FF D0..D7) in the entropy-coded data, checking they count 0, 1, ... 7, 0 as decoders expect. */
    private static int restartMarkers(byte[] jpeg) {
        int count = 0;
        for (int i = 0; i + 1 < jpeg.length; i++) {
            int next = jpeg[i + 1] & 0xFF;
            if ((jpeg[i] & 0xFF) == 0xFF && next >= 0xD0 && next <= 0xD7) {
                assertThat(next - 0xD0).as("restart marker number").isEqualTo(count % 8);
                count++;
            }
        }
        return count;
    }
}
