package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.ExternalTool;
import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.core.json.Json;
import dev.uictl.testkit.Requires;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The built client and a real daemon: the daemon owns the clipboard between calls, screenshots land privately. */
@Tag("e2e")
class ScreenshotClipboardEndToEndTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(640, 480, 1, false, false);

    @TempDir
    Path runtimeDir;

    @BeforeEach
    void built() {
        Cli.requireBuilt();
    }

    @AfterEach
    void stopDaemon() {
        new Cli("java", runtimeDir).run(DESKTOP.env(), "", "daemon", "stop");
    }

    @ParameterizedTest(name = "{0} client")
    @ValueSource(strings = {"c", "java"})
    void theDaemonServesTheClipboardUntilItStops(String client) {
        Cli cli = new Cli(client, runtimeDir);
        JsonNode set = data(cli.run(env(), "", "clipboard", "set", "from the daemon ✓"));
        assertThat(set.get("held_by").asString()).isEqualTo("daemon");

        assertThat(xclip()).isEqualTo("from the daemon ✓");
        assertThat(data(cli.run(env(), "", "clipboard", "get")).get("owned_by_uictl").asBoolean()).isTrue();

        cli.run(env(), "", "daemon", "stop");
        assertThat(readClipboard().exit()).as("nobody serves it once the daemon is gone")
                .isNotZero();
    }

    @ParameterizedTest(name = "{0} client")
    @ValueSource(strings = {"c", "java"})
    void aScreenshotIsAPrivateFileIdenticalToImport(String client) throws IOException {
        JsonNode shot = data(new Cli(client, runtimeDir).run(env(), "", "screenshot"));
        Path file = Path.of(shot.get("path").asString());

        assertThat(file.getParent()).isEqualTo(DESKTOP.runtimeDir().resolve("screenshots"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        BufferedImage ours = ImageIO.read(file.toFile());
        BufferedImage theirs = ImageIO.read(new ByteArrayInputStream(
                ExternalTool.run(DESKTOP.env(), "import", "-window", "root", "png:-").stdout()));
        for (int y = 0; y < 480; y++) {
            for (int x = 0; x < 640; x++) {
                assertThat(ours.getRGB(x, y)).as("pixel %d,%d", x, y).isEqualTo(theirs.getRGB(x, y));
            }
        }
    }

    @Test
    void theDaemonEncodesJpegWithTheLibraryToolsReports() throws IOException {
        Cli cli = new Cli("c", runtimeDir);
        JsonNode tools = data(cli.run(env(), "", "tools")).get("tools");
        for (String library : new String[] {"libturbojpeg", "libdeflate"}) {
            JsonNode status = null;
            for (JsonNode t : tools) {
                if (t.get("name").asString().equals(library)) {
                    status = t;
                }
            }
            assertThat(status).as(library + " in " + tools).isNotNull();
            assertThat(status.get("kind").asString()).isEqualTo("library");
            Requires.that(status.get("available").asBoolean(), library + " (" + status.get("fix") + ")");
        }
        // A colour whose channels all differ: a swapped byte order would not survive the comparison below.
        assertThat(ExternalTool.run(env(), "xsetroot", "-solid", "#3a6ea5").exit()).isZero();
        JsonNode shot = data(cli.run(env(), "", "screenshot", "--format", "jpeg", "--quality", "90"));
        BufferedImage ours = ImageIO.read(Path.of(shot.get("path").asString()).toFile());
        BufferedImage theirs = ImageIO.read(new ByteArrayInputStream(
                ExternalTool.run(env(), "import", "-window", "root", "png:-").stdout()));
        long error = 0;
        for (int y = 0; y < 480; y++) {
            for (int x = 0; x < 640; x++) {
                int a = ours.getRGB(x, y);
                int b = theirs.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    error += Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF));
                }
            }
        }
        // quality 90 on flat colour and openbox-free root: measured well under 1 level per channel
        assertThat((double) error / (640 * 480 * 3)).isLessThan(2.0);
    }

    private static Map<String, String> env() {
        return DESKTOP.env();
    }

    private static ExternalTool.Output readClipboard() {
        return ExternalTool.run(DESKTOP.env(), "xclip", "-selection", "clipboard", "-o");
    }

    private static String xclip() {
        ExternalTool.Output out = readClipboard();
        assertThat(out.exit()).isZero();
        return new String(out.stdout(), StandardCharsets.UTF_8);
    }

    private static JsonNode data(Cli.Result r) {
        JsonNode e = Json.parse(r.stdout());
        assertThat(e.get("success").asBoolean()).as(r.stdout() + r.stderr()).isTrue();
        assertThat(r.exit()).isZero();
        return e.get("data");
    }
}
