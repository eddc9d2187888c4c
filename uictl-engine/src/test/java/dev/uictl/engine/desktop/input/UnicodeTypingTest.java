package dev.uictl.engine.desktop.input;

import dev.uictl.engine.desktop.connection.DisplayConnections;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Text typed into a real terminal lands byte for byte: xterm runs `cat > file`, the file is the oracle. */
class UnicodeTypingTest {
    private static Path runtime;
    private static TestDesktops desktop;
    private static final DisplayConnections connections = new DisplayConnections();
    private static InputService input;

    @BeforeAll
    static void start() throws Exception {
        runtime = Files.createTempDirectory("uictl-unicode-");
        desktop = new TestDesktops(runtime, "unicode");
        input = new InputService(connections);
    }

    @AfterAll
    static void stop() throws Exception {
        input.close();
        connections.close();
        desktop.close();
        try (var walk = Files.walk(runtime)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void unicodeTextTypedIntoXtermCatLandsInTheFileByteForByte() throws Exception {
        String text = "héllo wörld — 日本語 ✓ ASCII !@#$%^&*()_+{}|:\"<>?~`-=[]\\;',./ Zürich €5 ñ";
        assertThat(typeIntoCat("cat-1", text + "\n")).isEqualTo((text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void moreDistinctMissingCharactersThanSpareKeycodesAreTypedInBatches() throws Exception {
        // 150 letters the US layout lacks: more than the spare keycodes Xvfb's keymap has, so typed in batches.
        String text = Stream.of(IntStream.rangeClosed(0x3b1, 0x3c9), IntStream.rangeClosed(0x410, 0x44f),
                        IntStream.rangeClosed(0x4e00, 0x4e3b)).flatMapToInt(s -> s)
                .mapToObj(Character::toString).collect(Collectors.joining()) + "\n";
        assertThat(text.codePoints().distinct().count()).isGreaterThan(140);
        assertThat(typeIntoCat("cat-2", text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] typeIntoCat(String title, String text) throws Exception {
        Path out = runtime.resolve(title + ".txt");
        Process xterm = desktop.launch(null, Map.of("LC_ALL", "C.UTF-8", "LANG", "C.UTF-8"),
                "xterm", "-u8", "-title", title, "-e", "sh", "-c", "exec cat > '" + out + "'");
        desktop.activate("^" + title + "$");
        InputTestContext ctx = new InputTestContext(desktop.env());

        input.type(ctx, text, 0);
        // End of input at the start of a line: cat exits, and with it xterm.
        input.press(ctx, "press", KeyCombo.parse("ctrl+d"));

        assertThat(xterm.waitFor(20, TimeUnit.SECONDS)).as("xterm ended after ctrl+d").isTrue();
        return Files.readAllBytes(out);
    }
}
