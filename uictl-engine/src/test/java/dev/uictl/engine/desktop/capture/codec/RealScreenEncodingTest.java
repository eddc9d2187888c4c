package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.engine.desktop.capture.RgbImage;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import dev.uictl.testkit.XvfbDisplay;
import dev.uictl.x11.io.X11Connection;
import dev.uictl.x11.proto.image.ScreenGrabber;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The encoders on real X images: a private Xvfb showing a photo-like picture (ImageMagick's fractal plasma with
 * noise on the root window) and a text-heavy editor (vim with syntax colours in a full-screen xterm), captured the
 * way screenshots are (ScreenGrabber). The native encoders (which under CI=true must be installed) and the
 * pure-Java fallback (the same loader pointed at libraries that do not exist) must both give PNGs that decode to
 * exactly the captured pixels and JPEGs within the tolerance justified at {@link #MIN_PSNR_DB}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealScreenEncodingTest {
    /**
     * JPEG at quality 80 with 4:2:0 chroma measured 32.1 dB on the photo (its noise is what JPEG drops) and 28.8 dB
     * on the editor (thin coloured glyph strokes lose chroma to 4:2:0), the same to 0.05 dB for libjpeg-turbo and
     * the JDK's encoder; a swapped channel order or a shifted row would fall far below 25 dB.
     */
    private static final double MIN_PSNR_DB = 25;
    /** libjpeg-turbo must stay within this of the JDK encoder at the same quality (same quantisation tables). */
    private static final double MAX_PSNR_LOSS_VS_JDK_DB = 1.5;

    /** How long a screen must stay unchanged to count as drawn (a loaded machine delays vim's redraws). */
    private static final Duration QUIET = Duration.ofMillis(1500);

    private XvfbDisplay x;
    private X11Connection connection;
    private ScreenGrabber grabber;
    private RgbImage photo;
    private RgbImage editor;

    @BeforeAll
    void showScreens(@TempDir Path dir) throws Exception {
        for (String program : List.of("convert", "display", "xterm", "vim", "xdotool")) {
            Requires.program(program);
        }
        x = XvfbDisplay.start().withOpenbox(); // the window manager makes the editor full-screen
        connection = X11Connection.open(x.display(), x.env());
        grabber = new ScreenGrabber(connection);
        Path picture = dir.resolve("photo.png");
        run("convert", "-size", grabber.screenWidth() + "x" + grabber.screenHeight(), "-seed", "7", "plasma:fractal",
                "-blur", "0x1", "-attenuate", "0.3", "+noise", "Gaussian", "-depth", "8", picture.toString());
        x.spawn("display", "-window", "root", picture.toString()).waitFor();
        photo = stillScreen();
        Path source = Path.of("src/main/java/dev/uictl/engine/desktop/capture/codec/PngEncoder.java").toAbsolutePath();
        x.spawn("xterm", "-fullscreen", "-fa", "DejaVu Sans Mono", "-fs", "10", "-bg", "#1e1e1e", "-fg", "#d4d4d4",
                "-e", "vim", "-N", "-u", "NONE", "-R", "-c", "set t_Co=256 background=dark number", "-c", "syntax on",
                source.toString());
        Poll.until("the editor's window is shown", Duration.ofSeconds(20),
                () -> !x.run("xdotool", "search", "--onlyvisible", "--class", "xterm").isBlank());
        editor = stillScreen();
    }

    @AfterAll
    void stop() throws Exception {
        if (grabber != null) {
            grabber.close();
            connection.close();
        }
        if (x != null) {
            x.close();
        }
    }

    @Test
    void theScreensAreWhatTheTestsClaim() {
        assertThat(PngEncoder.Content.of(photo, 0, photo.height())).isEqualTo(PngEncoder.Content.PHOTO);
        assertThat(PngEncoder.Content.of(editor, 0, editor.height())).isEqualTo(PngEncoder.Content.SCREEN);
        assertThat(distinctColours(editor)).isGreaterThan(8);
    }

    @Test
    void theNativeLibrariesAreInUse() {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.png().nativeInUse(), "libdeflate.so.0 (apt-get install -y libdeflate0)");
        Requires.that(installed.jpeg().nativeInUse(), "libturbojpeg.so.0 (apt-get install -y libturbojpeg0)");
        assertThat(installed.png().encoder().name()).contains("libdeflate");
        assertThat(installed.jpeg().encoder().name()).contains("libjpeg-turbo");
    }

    @Test
    void withoutTheLibrariesThePureJavaEncodersAreChosenWithTheReason() {
        ImageEncoders fallback = absentLibraries();
        assertThat(fallback.png().nativeInUse()).isFalse();
        assertThat(fallback.png().fallbackReason()).contains("libdeflate-absent.so.0");
        assertThat(fallback.png().encoder()).isSameAs(PngEncoder.pureJava());
        assertThat(fallback.jpeg().nativeInUse()).isFalse();
        assertThat(fallback.jpeg().fallbackReason()).contains("libturbojpeg-absent.so.0");
        assertThat(fallback.jpeg().encoder()).isSameAs(JpegEncoder.INSTANCE);
    }

    @Test
    void nativePngDecodesToTheCapturedPixels() throws IOException {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.png().nativeInUse(), "libdeflate.so.0 (apt-get install -y libdeflate0)");
        PngEncoder png = (PngEncoder) installed.png().encoder();
        for (RgbImage screen : List.of(photo, editor)) {
            assertSamePixels(screen, png.encode(screen, 100));
            assertSamePixels(screen, png.encodeInBands(screen, 1)); // libdeflate alone, zlib header included
            assertSamePixels(screen, png.encodeInBands(screen, 3)); // two zlib bands, then libdeflate
        }
    }

    @Test
    void fallbackPngDecodesToTheCapturedPixels() throws IOException {
        ImageEncoder png = absentLibraries().png().encoder();
        assertSamePixels(photo, png.encode(photo, 100));
        assertSamePixels(editor, png.encode(editor, 100));
    }

    @Test
    void nativeJpegIsCloseToTheCapturedPixels() throws IOException {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.jpeg().nativeInUse(), "libturbojpeg.so.0 (apt-get install -y libturbojpeg0)");
        for (RgbImage screen : List.of(photo, editor)) {
            double turbo = psnr(screen, installed.jpeg().encoder().encode(screen, 80));
            double jdk = psnr(screen, JpegEncoder.INSTANCE.encode(screen, 80));
            assertThat(turbo).isGreaterThan(MIN_PSNR_DB).isGreaterThan(jdk - MAX_PSNR_LOSS_VS_JDK_DB);
        }
    }

    @Test
    void fallbackJpegIsCloseToTheCapturedPixels() throws IOException {
        ImageEncoder jpeg = absentLibraries().jpeg().encoder();
        assertThat(psnr(photo, jpeg.encode(photo, 80))).isGreaterThan(MIN_PSNR_DB);
        assertThat(psnr(editor, jpeg.encode(editor, 80))).isGreaterThan(MIN_PSNR_DB);
    }

    @Test
    void nativeJpegQualityChangesTheResult() throws IOException {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.jpeg().nativeInUse(), "libturbojpeg.so.0 (apt-get install -y libturbojpeg0)");
        byte[] low = installed.jpeg().encoder().encode(photo, 20);
        byte[] high = installed.jpeg().encoder().encode(photo, 95);
        assertThat(low.length).isLessThan(high.length / 2);
        // measured 33.1 vs 30.2 dB: the photo's noise keeps even quality 95 from reproducing it closely
        assertThat(psnr(photo, high)).isGreaterThan(psnr(photo, low) + 2);
    }

    @Test
    void nativeJpegReadInPlaceFromSharedMemoryIsTheJpegOfTheCapture() {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.jpeg().nativeInUse(), "libturbojpeg.so.0 (apt-get install -y libturbojpeg0)");
        InPlaceEncoder turbo = (InPlaceEncoder) installed.jpeg().encoder();
        byte[] inPlace = grabber.readShared(0, 0, editor.width(), editor.height(),
                (pixels, width, height) -> turbo.encode(pixels, width, height, 80)).orElseThrow();
        assertThat(inPlace).isEqualTo(installed.jpeg().encoder().encode(editor, 80));
    }

    @Test
    void concurrentNativeEncodesGiveTheSameBytesAsOneAtATime() throws Exception {
        ImageEncoders installed = ImageEncoders.installed();
        Requires.that(installed.jpeg().nativeInUse() && installed.png().nativeInUse(), "libturbojpeg0, libdeflate0");
        byte[] jpeg = installed.jpeg().encoder().encode(editor, 80);
        byte[] png = installed.png().encoder().encode(editor, 100);
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> same = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                boolean isJpeg = i % 2 == 0;
                same.add(threads.submit(() -> isJpeg ? Arrays.equals(jpeg, installed.jpeg().encoder().encode(editor, 80))
                        : Arrays.equals(png, installed.png().encoder().encode(editor, 100))));
            }
            for (Future<Boolean> f : same) {
                assertThat(f.get()).isTrue();
            }
        }
    }

    private static ImageEncoders absentLibraries() {
        return ImageEncoders.load("libturbojpeg-absent.so.0", "libdeflate-absent.so.0");
    }

    private RgbImage grab() {
        ScreenGrabber.Capture c = grabber.grab(0, 0, grabber.screenWidth(), grabber.screenHeight());
        return new RgbImage(c.width(), c.height(), c.pixels());
    }

    /** The screen once it has not changed for {@link #QUIET}: the programs have finished drawing. */
    private RgbImage stillScreen() {
        RgbImage[] last = {grab()};
        long[] since = {System.nanoTime()};
        Poll.until("a still screen", Duration.ofSeconds(30), () -> {
            RgbImage now = grab();
            if (!samePixels(now, last[0])) {
                last[0] = now;
                since[0] = System.nanoTime();
            }
            return System.nanoTime() - since[0] > QUIET.toNanos();
        });
        return last[0];
    }

    private static boolean samePixels(RgbImage a, RgbImage b) {
        for (int i = 0; i < a.width() * a.height(); i++) {
            if (((a.pixels()[i] ^ b.pixels()[i]) & 0xFFFFFF) != 0) {
                return false;
            }
        }
        return true;
    }

    private static long distinctColours(RgbImage image) {
        return Arrays.stream(image.pixels()).map(p -> p & 0xFFFFFF).distinct().limit(100).count();
    }

    private static void assertSamePixels(RgbImage expected, byte[] png) throws IOException {
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(decoded.getWidth()).isEqualTo(expected.width());
        assertThat(decoded.getHeight()).isEqualTo(expected.height());
        long differing = 0;
        for (int y = 0; y < expected.height(); y++) {
            for (int xx = 0; xx < expected.width(); xx++) {
                if ((decoded.getRGB(xx, y) & 0xFFFFFF) != expected.rgb(xx, y)) {
                    differing++;
                }
            }
        }
        assertThat(differing).as("pixels differing from the capture").isZero();
    }

    private static double psnr(RgbImage expected, byte[] jpeg) throws IOException {
        return ImageDifference.of(expected, jpeg).psnrDb();
    }

    private void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
        assertThat(Files.exists(Path.of(command[command.length - 1]))).isTrue();
    }
}
