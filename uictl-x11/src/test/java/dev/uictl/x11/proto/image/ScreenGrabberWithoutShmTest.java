package dev.uictl.x11.proto.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.io.TestDisplay;
import dev.uictl.x11.io.X11Connection;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server without MIT-SHM: the grabber notices and reads over the socket, with the same pixels. */
class ScreenGrabberWithoutShmTest {

    @Test
    void fallsBackToGetImageStrips(@TempDir Path dir) throws Exception {
        try (TestDisplay display = TestDisplay.start("-extension", "MIT-SHM");
             X11Connection connection = display.connect();
             ScreenGrabber grabber = new ScreenGrabber(connection)) {
            display.run("xsetroot", "-solid", "#3a6ea5");
            assertThat(connection.extension("MIT-SHM")).isEmpty();

            ScreenGrabber.Capture capture = grabber.grab(0, 0, 1280, 800);

            assertThat(grabber.usesSharedMemory()).isFalse();
            Path file = dir.resolve("import.png");
            display.run("import", "-window", "root", file.toString());
            BufferedImage expected = ImageIO.read(file.toFile());
            for (int y = 0; y < 800; y += 7) {
                for (int x = 0; x < 1280; x += 5) {
                    assertThat(capture.pixels()[y * 1280 + x] & 0xFFFFFF).isEqualTo(expected.getRGB(x, y) & 0xFFFFFF);
                }
            }
        }
    }
}
