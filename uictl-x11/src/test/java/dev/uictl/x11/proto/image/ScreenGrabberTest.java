package dev.uictl.x11.proto.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.x11.io.TestDisplay;
import dev.uictl.x11.io.X11Connection;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Captures agree pixel for pixel with ImageMagick's {@code import}, an independent X client. */
class ScreenGrabberTest {
    private static TestDisplay display;
    private static X11Connection connection;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        display = TestDisplay.start();
        // A colourful background (every pixel different) so byte-order or channel mix-ups cannot hide.
        Path wallpaper = dir.resolve("plasma.png");
        new ProcessBuilder("convert", "-size", "1280x800", "-seed", "7", "plasma:fractal", wallpaper.toString())
                .inheritIO().start().waitFor();
        display.run("display", "-window", "root", wallpaper.toString());
        connection = display.connect();
    }

    @AfterAll
    static void stop() throws Exception {
        connection.close();
        display.close();
    }

    @ParameterizedTest(name = "shared memory {0}")
    @ValueSource(booleans = {true, false})
    void theWholeScreenMatchesImport(boolean sharedMemory) throws Exception {
        BufferedImage expected = importRoot();
        try (ScreenGrabber grabber = new ScreenGrabber(connection, sharedMemory)) {
            assertThat(grabber.usesSharedMemory()).as("Xvfb offers MIT-SHM to local clients").isEqualTo(sharedMemory);

            ScreenGrabber.Capture capture = grabber.grab(0, 0, 1280, 800);

            assertThat(ScreenGrabber.STRIP_BYTES / (1280 * 4)).as("several strips").isLessThan(800);
            assertSamePixels(capture, expected, 0, 0);
        }
    }

    @ParameterizedTest(name = "shared memory {0}")
    @ValueSource(booleans = {true, false})
    void aRegionMatchesTheSameCropOfImport(boolean sharedMemory) throws Exception {
        BufferedImage expected = importRoot();

        try (ScreenGrabber grabber = new ScreenGrabber(connection, sharedMemory)) {
            ScreenGrabber.Capture capture = grabber.grab(333, 217, 501, 389);

            assertThat(capture.width()).isEqualTo(501);
            assertThat(capture.height()).isEqualTo(389);
            assertSamePixels(capture, expected, 333, 217);
        }
    }

    @ParameterizedTest(name = "shared memory {0}")
    @ValueSource(booleans = {true, false})
    void aReusedBufferIsFilledInPlaceAndAWrongSizedOneIsNot(boolean sharedMemory) throws Exception {
        BufferedImage expected = importRoot();
        try (ScreenGrabber grabber = new ScreenGrabber(connection, sharedMemory)) {
            int[] reused = new int[501 * 389];
            java.util.Arrays.fill(reused, 0x123456); // stale pixels of an earlier capture must all be overwritten
            ScreenGrabber.Capture capture = grabber.grab(333, 217, 501, 389, reused);
            assertThat(capture.pixels()).isSameAs(reused);
            assertSamePixels(capture, expected, 333, 217);
            assertThat(grabber.grab(333, 217, 501, 388, reused).pixels()).isNotSameAs(reused);
        }
    }

    @Test
    void aRegionReadInPlaceIsTheSameCropOfImport() throws Exception {
        BufferedImage expected = importRoot();
        try (ScreenGrabber grabber = new ScreenGrabber(connection)) {
            ScreenGrabber.Capture capture = grabber.readShared(333, 217, 501, 389, (pixels, width, height) ->
                    new ScreenGrabber.Capture(333, 217, width, height, pixels.toArray(ValueLayout.JAVA_INT)))
                    .orElseThrow();

            assertThat(capture.width()).isEqualTo(501);
            assertThat(capture.height()).isEqualTo(389);
            assertThat(capture.pixels()).hasSize(501 * 389);
            assertSamePixels(capture, expected, 333, 217);
        }
    }

    @Test
    void withoutSharedMemoryNothingIsReadInPlace() {
        try (ScreenGrabber grabber = new ScreenGrabber(connection, false)) {
            assertThat(grabber.readShared(0, 0, 10, 10, (pixels, width, height) -> "read")).isEmpty();
            assertThatThrownBy(() -> grabber.readShared(1200, 0, 100, 10, (pixels, width, height) -> "read"))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void closingReleasesTheSegmentAndTheSocketPathStillWorks() throws Exception {
        ScreenGrabber grabber = new ScreenGrabber(connection);
        grabber.grab(0, 0, 10, 10);
        grabber.close();

        assertThat(grabber.usesSharedMemory()).isFalse();
        assertSamePixels(grabber.grab(0, 0, 1280, 800), importRoot(), 0, 0);
        assertThat(connection.isOpen()).isTrue();
    }

    @Test
    void rectanglesOffTheScreenAreRefusedBeforeReachingTheServer() {
        ScreenGrabber grabber = new ScreenGrabber(connection);
        assertThatThrownBy(() -> grabber.grab(1200, 0, 100, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> grabber.grab(0, 0, 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThat(connection.isOpen()).isTrue();
    }

    private static BufferedImage importRoot() throws Exception {
        ProcessBuilder p = new ProcessBuilder("import", "-window", "root", "png:-")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        p.environment().put("DISPLAY", display.display());
        Process running = p.start();
        byte[] png = running.getInputStream().readAllBytes();
        running.waitFor();
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static void assertSamePixels(ScreenGrabber.Capture capture, BufferedImage expected, int ox, int oy) {
        long differing = 0;
        long distinct = 0;
        int previous = -1;
        for (int y = 0; y < capture.height(); y++) {
            for (int x = 0; x < capture.width(); x++) {
                int actual = capture.pixels()[y * capture.width() + x] & 0xFFFFFF;
                if (actual != (expected.getRGB(ox + x, oy + y) & 0xFFFFFF)) {
                    differing++;
                }
                if (actual != previous) {
                    distinct++;
                    previous = actual;
                }
            }
        }
        assertThat(differing).as("pixels differing from import").isZero();
        assertThat(distinct).as("the picture is not flat").isGreaterThan(capture.width());
    }
}
