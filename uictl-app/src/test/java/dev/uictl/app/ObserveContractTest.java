package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Example;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every registry example of `screenshot` and its bad inputs on a private desktop with two monitors, a plasma
 * wallpaper and a terminal; pixels are checked against ImageMagick's `import -window root`, geometry against
 * xwininfo and xrandr, files for their modes.
 */
class ObserveContractTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.of(800, 600, 2, true, false);
    private static final int SCREEN_W = 1600;
    private static final int SCREEN_H = 600;

    @TempDir
    static Path files;

    @BeforeAll
    static void content() throws IOException {
        Path wallpaper = files.resolve("plasma.png");
        ExternalTool.run(Map.of(), "convert", "-size", SCREEN_W + "x" + SCREEN_H, "-seed", "3", "plasma:fractal",
                wallpaper.toString());
        ExternalTool.run(DESKTOP.env(), "display", "-window", "root", wallpaper.toString());
        DESKTOP.launch("xterm", "-geometry", "60x15+100+80", "-bg", "black", "-fg", "yellow", "-e", "sh", "-c",
                "printf '\\033[41m red \\033[42m green \\033[44m blue \\033[0m\\n'; ls /; exec sleep 600");
        ExternalTool.await("the xterm window", () -> !xtermId().isEmpty());
        // The terminal has drawn its text once two captures in a row agree.
        ExternalTool.await("a still screen", () -> java.util.Arrays.equals(importRootPng(), importRootPng()));
    }

    static Stream<Arguments> examples() {
        return UictlRun.app().dispatcher().registry().find("screenshot").orElseThrow().spec().examples().stream()
                .map(Example::commandLine).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleWritesAPrivateImageOfTheReportedSize(String line) throws IOException {
        JsonNode data = success(run(line.split(" ")));

        byte[] image;
        if (data.has("base64")) {
            image = Base64.getDecoder().decode(data.get("base64").asString());
            assertThat(data.has("path")).isFalse();
        } else {
            Path path = Path.of(data.get("path").asString());
            assertThat(path.getParent()).isEqualTo(DESKTOP.runtimeDir().resolve("screenshots"));
            assertThat(mode(path)).isEqualTo("rw-------");
            assertThat(mode(path.getParent())).isEqualTo("rwx------");
            image = Files.readAllBytes(path);
        }
        assertThat(image.length).isEqualTo(data.get("bytes").asInt());
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image));
        assertThat(decoded.getWidth()).isEqualTo(data.get("width").asInt());
        assertThat(decoded.getHeight()).isEqualTo(data.get("height").asInt());
        assertThat(data.get("format").asString()).isEqualTo(line.contains("jpeg") ? "jpeg" : "png");
    }

    @Test
    void theFullScreenIsPixelIdenticalToImport() throws IOException {
        Path out = files.resolve("full.png");
        JsonNode data = success(run("screenshot", out.toString()));

        assertThat(data.get("path").asString()).isEqualTo(out.toString());
        assertThat(mode(out)).isEqualTo("rw-------");
        assertSameAsImport(ImageIO.read(out.toFile()), 0, 0, SCREEN_W, SCREEN_H);
    }

    @Test
    void aRelativePathIsResolvedAgainstTheCallersDirectory() {
        JsonNode data = success(run("screenshot", "relative-shot.png", "--region", "0,0,10,10"));
        Path expected = Path.of(".").toAbsolutePath().normalize().resolve("relative-shot.png");
        try {
            assertThat(data.get("path").asString()).isEqualTo(expected.toString());
            assertThat(expected).exists();
        } finally {
            expected.toFile().delete();
        }
    }

    @Test
    void aRegionIsTheSameCropOfImport() throws IOException {
        JsonNode data = success(run("screenshot", "--region", "311,97,523,301", "--base64"));

        assertThat(data.get("area").toString()).isEqualTo("{\"x\":311,\"y\":97,\"width\":523,\"height\":301}");
        assertSameAsImport(decode(data), 311, 97, 523, 301);
    }

    @Test
    void aRegionReachingPastTheScreenIsClippedAndSaysSo() {
        JsonNode e = ContractAssert.envelope(run("screenshot", "--region", "1500,500,400,400", "--base64"));
        assertThat(e.get("data").get("clipped").asBoolean()).isTrue();
        assertThat(e.get("data").get("width").asInt()).isEqualTo(100);
        assertThat(e.get("_agent_hints").get("warnings").toString()).contains("past the screen");
    }

    @Test
    void aWindowShotCoversExactlyTheClientAreaXwininfoReports() throws IOException {
        JsonNode data = success(run("screenshot", "--window", "class=xterm", "--base64"));
        int[] g = xtermGeometry();
        int x = g[0];
        int y = g[1];
        int w = g[2];
        int h = g[3];

        assertThat(data.get("target").asString()).isEqualTo("window");
        assertThat(data.get("window").get("ref_id").asString()).matches("w\\d+");
        assertThat(data.get("area").toString())
                .isEqualTo("{\"x\":" + x + ",\"y\":" + y + ",\"width\":" + w + ",\"height\":" + h + "}");
        assertSameAsImport(decode(data), x, y, w, h);
        // --app names the same window by its WM_CLASS.
        assertThat(success(run("screenshot", "--app", "xterm", "--base64")).get("area")).isEqualTo(data.get("area"));
    }

    @Test
    void theSecondMonitorIsTheGeometryXrandrReports() throws IOException {
        String monitors = ExternalTool.run(DESKTOP.env(), "xrandr", "--listmonitors").text();
        Matcher m = Pattern.compile("1: \\S+ (\\d+)/\\d+x(\\d+)/\\d+\\+(\\d+)\\+(\\d+)").matcher(monitors);
        assertThat(m.find()).as(monitors).isTrue();

        JsonNode data = success(run("screenshot", "--monitor", "1", "--base64"));

        assertThat(data.get("monitor").get("index").asInt()).isEqualTo(1);
        assertThat(data.get("area").toString()).isEqualTo("{\"x\":" + m.group(3) + ",\"y\":" + m.group(4)
                + ",\"width\":" + m.group(1) + ",\"height\":" + m.group(2) + "}");
        assertSameAsImport(decode(data), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        String name = data.get("monitor").get("name").asString();
        assertThat(success(run("screenshot", "--monitor", name, "--base64")).get("area")).isEqualTo(data.get("area"));
    }

    @Test
    void scalingHalvesTheImageAndAveragesItsPixels() throws IOException {
        JsonNode data = success(run("screenshot", "--region", "0,0,400,300", "--scale", "0.5", "--base64"));
        BufferedImage half = decode(data);
        BufferedImage full = importRoot();

        assertThat(half.getWidth()).isEqualTo(200);
        assertThat(half.getHeight()).isEqualTo(150);
        int px = half.getRGB(37, 41);
        for (int shift = 0; shift <= 16; shift += 8) {
            int sum = 0;
            for (int d = 0; d < 4; d++) {
                sum += (full.getRGB(74 + d % 2, 82 + d / 2) >> shift) & 0xFF;
            }
            assertThat((px >> shift) & 0xFF).isBetween(sum / 4 - 1, sum / 4 + 1);
        }
    }

    @Test
    void annotationMarksEachWindowAndChangesPixelsOnlyInsideItsBox() throws IOException {
        JsonNode data = success(run("screenshot", "--annotate", "--base64"));
        BufferedImage annotated = decode(data);
        BufferedImage plain = importRoot();
        int[] g = xtermGeometry();

        JsonNode marks = data.get("marks");
        assertThat(marks).hasSize(1);
        JsonNode mark = marks.get(0);
        assertThat(mark.get("label").asString()).isEqualTo("@w1");
        assertThat(mark.get("ref_id").asString()).isEqualTo("w1");
        int mx = mark.get("x").asInt();
        int my = mark.get("y").asInt();
        int mw = mark.get("width").asInt();
        int mh = mark.get("height").asInt();
        assertThat(List.of(mx, my, mw, mh)).containsExactly(g[0], g[1], g[2], g[3]);
        long changedInside = 0;
        for (int y = 0; y < SCREEN_H; y++) {
            for (int x = 0; x < SCREEN_W; x++) {
                boolean inside = x >= mx && x < mx + mw && y >= my && y < my + mh;
                boolean changed = annotated.getRGB(x, y) != plain.getRGB(x, y);
                if (!inside) {
                    assertThat(changed).as("pixel %d,%d outside the mark", x, y).isFalse();
                } else if (changed) {
                    changedInside++;
                }
            }
        }
        assertThat(changedInside).as("outline and label drawn").isGreaterThan(2L * (mw + mh));
    }

    @Test
    void annotatingAWindowShotPlacesTheMarkInWindowCoordinates() {
        int[] g = xtermGeometry();
        JsonNode data = success(run("screenshot", "--window", "class=xterm", "--annotate", "--scale", "0.5",
                "--base64"));

        JsonNode mark = data.get("marks").get(0);
        assertThat(List.of(mark.get("x").asInt(), mark.get("y").asInt(), mark.get("width").asInt(),
                mark.get("height").asInt())).containsExactly(0, 0, (int) Math.round(g[2] * 0.5),
                (int) Math.round(g[3] * 0.5));
        assertThat(data.get("width").asInt()).isEqualTo((int) Math.round(g[2] * 0.5));
    }

    @Test
    void jpegQualityShowsInTheFileSize() {
        int low = success(run("screenshot", "--format", "jpeg", "--quality", "10", "--base64")).get("bytes")
                .asInt();
        int high = success(run("screenshot", "--format", "jpeg", "--quality", "95", "--base64")).get("bytes")
                .asInt();
        assertThat(high).isGreaterThan(low * 2);
        Path jpg = files.resolve("implied.JPG");
        assertThat(success(run("screenshot", jpg.toString())).get("format").asString()).isEqualTo("jpeg");
    }

    /** A file whose bytes are not what its name says is refused before anything is captured or written. */
    @Test
    void aNameThatContradictsTheEncodingIsRefusedAndNothingIsWritten() throws IOException {
        Path gif = files.resolve("shot.gif");
        Path png = files.resolve("named.png");
        Path root = Path.of("/");
        JsonNode other = ContractAssert.envelope(run("screenshot", gif.toString())).get("error");
        JsonNode mismatch = ContractAssert.envelope(run("screenshot", png.toString(), "--format", "jpeg"))
                .get("error");
        assertThat(other.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(other.get("details").get("kind").asString()).isEqualTo("unsupported_format");
        assertThat(mismatch.get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(mismatch.get("details").get("kind").asString()).isEqualTo("format_mismatch");
        assertThat(gif).doesNotExist();
        assertThat(png).doesNotExist();
        // "/" has no file name: a clear refusal (it is a directory), not an internal error
        assertThat(ContractAssert.envelope(run("screenshot", root.toString())).get("error").get("code").asString())
                .isEqualTo("INVALID_ARGS");
        // agreeing names and formats are written as named: the bytes start with the format's magic number
        success(run("screenshot", png.toString(), "--format", "png", "--region", "0,0,10,10"));
        Path jpg = files.resolve("agreeing.jpeg");
        success(run("screenshot", jpg.toString(), "--format", "jpeg", "--region", "0,0,10,10"));
        assertThat(Files.readAllBytes(png)).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Files.readAllBytes(jpg)).startsWith(0xFF, 0xD8, 0xFF);
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("screenshot", "--region", "1,2,3"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--region", "5000,0,10,10"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--region", "0,0,0,10"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--monitor", "7"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--monitor", "NOPE-1"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--window", "title=no such window"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("screenshot", "--window", "@w99"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("screenshot", "--window", "title=/[/"), ErrorCode.SELECTOR_INVALID),
                Arguments.of(List.of("screenshot", "--app", "no-such-app"), ErrorCode.SELECTOR_NOT_FOUND),
                Arguments.of(List.of("screenshot", "--window", "@w1", "--region", "0,0,5,5"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--scale", "0"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--scale", "9"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--scale", "4", "--base64"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--scale", "big"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--quality", "500", "--format", "jpeg"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "--format", "gif"), ErrorCode.INVALID_ARGS),
                Arguments.of(List.of("screenshot", "/nonexistent-dir/x.png"), ErrorCode.IO_ERROR),
                Arguments.of(List.of("screenshot", "/tmp"), ErrorCode.INVALID_ARGS));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputIsAStructuredError(List<String> argv, ErrorCode expected) {
        JsonNode e = ContractAssert.envelope(run(argv.toArray(String[]::new)));
        assertThat(e.get("success").asBoolean()).isFalse();
        assertThat(e.get("error").get("code").asString()).isEqualTo(expected.name());
    }

    @Test
    void concurrentLargeScreenshotsAreBoundedAndTheDaemonKeepsAnswering() throws Exception {
        List<java.util.concurrent.Future<UictlRun.Output>> runs = new java.util.ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 4; i++) {
                runs.add(pool.submit(() -> run("screenshot", "--scale", "4", "--base64")));
                runs.add(pool.submit(() -> run("screenshot", "--scale", "2", "--base64")));
            }
            for (int i = 0; i < runs.size(); i++) {
                JsonNode e = ContractAssert.envelope(runs.get(i).get(120, java.util.concurrent.TimeUnit.SECONDS));
                if (i % 2 == 0) {
                    assertThat(e.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
                    assertThat(e.get("error").get("details").get("limit_pixels").asLong()).isEqualTo(1L << 23);
                } else {
                    assertThat(e.get("data").get("width").asInt()).isEqualTo(SCREEN_W * 2);
                    assertThat(e.get("data").get("height").asInt()).isEqualTo(SCREEN_H * 2);
                }
            }
        }
        assertThat(success(run("get", "screen-size")).get("width").asInt()).isEqualTo(SCREEN_W);
    }

    @Test
    void withoutADisplayTheHintStartsOne() {
        Map<String, String> env = new HashMap<>(DESKTOP.env());
        env.put("DISPLAY", "");
        JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "screenshot"));
        assertThat(e.get("error").get("code").asString()).isEqualTo(ErrorCode.DEPENDENCY_MISSING.name());
        assertThat(e.get("error").get("hint").asString()).contains("uictl desktop up");
    }

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    private static JsonNode success(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isTrue();
        return e.get("data");
    }

    private static BufferedImage decode(JsonNode data) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(data.get("base64").asString())));
    }

    private static byte[] importRootPng() {
        return ExternalTool.run(DESKTOP.env(), "import", "-window", "root", "png:-").stdout();
    }

    private static BufferedImage importRoot() throws IOException {
        return ImageIO.read(new ByteArrayInputStream(importRootPng()));
    }

    private static void assertSameAsImport(BufferedImage actual, int x, int y, int w, int h) throws IOException {
        BufferedImage expected = importRoot();
        assertThat(actual.getWidth()).isEqualTo(w);
        assertThat(actual.getHeight()).isEqualTo(h);
        long differing = 0;
        for (int row = 0; row < h; row++) {
            for (int col = 0; col < w; col++) {
                if ((actual.getRGB(col, row) & 0xFFFFFF) != (expected.getRGB(x + col, y + row) & 0xFFFFFF)) {
                    differing++;
                }
            }
        }
        assertThat(differing).as("pixels differing from import -window root").isZero();
    }

    /** The terminal's window id as xdotool (an independent client) finds it; empty until it is mapped. */
    private static String xtermId() {
        return ExternalTool.run(DESKTOP.env(), "xdotool", "search", "--onlyvisible", "--class", "xterm").text().strip();
    }

    /** The terminal's client area as xwininfo reports it: x, y, width, height in root coordinates. */
    private static int[] xtermGeometry() {
        String info = ExternalTool.run(DESKTOP.env(), "xwininfo", "-id", xtermId()).text();
        return new int[] {field(info, "Absolute upper-left X"), field(info, "Absolute upper-left Y"),
            field(info, "Width"), field(info, "Height")};
    }

    private static int field(String xwininfo, String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + ":\\s+(-?\\d+)").matcher(xwininfo);
        assertThat(m.find()).as(name + " in " + xwininfo).isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
