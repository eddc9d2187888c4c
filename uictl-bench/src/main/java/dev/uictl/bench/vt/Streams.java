package dev.uictl.bench.vt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The byte streams the VT benchmarks feed, each exactly {@link #SIZE} bytes so that JMH's operations per second
 * are bytes per second. Generated streams use a fixed seed: every run and both engines see the same bytes.
 */
public final class Streams {

    public static final int SIZE = 1 << 20;
    public static final int ROWS = 24;
    public static final int COLS = 80;

    private static final String WORDS = "the quick brown fox jumps over lazy dog terminal screen cursor parser "
            + "escape sequence render buffer scroll region width column row cell style colour";

    private Streams() {}

    /** Plain text lines of varying length (like `cat` of source code or logs). */
    public static byte[] ascii() {
        Random random = new Random(1);
        String[] words = WORDS.split(" ");
        StringBuilder sb = new StringBuilder(SIZE + 200);
        while (sb.length() < SIZE) {
            int width = 20 + random.nextInt(58);
            int start = sb.length();
            while (sb.length() - start < width) sb.append(words[random.nextInt(words.length)]).append(' ');
            sb.append("\r\n");
        }
        return exactly(sb.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** Every word in another rendition: 16, 256 and 24-bit colours, bold, underline (like `ls --color` or htop). */
    public static byte[] sgr() {
        Random random = new Random(2);
        String[] words = WORDS.split(" ");
        StringBuilder sb = new StringBuilder(SIZE + 200);
        int column = 0;
        while (sb.length() < SIZE) {
            String word = words[random.nextInt(words.length)];
            switch (random.nextInt(4)) {
                case 0 -> sb.append("\u001b[").append(30 + random.nextInt(8)).append(';')
                        .append(random.nextBoolean() ? "1" : "4").append('m');
                case 1 -> sb.append("\u001b[38;5;").append(random.nextInt(256)).append('m');
                case 2 -> sb.append("\u001b[38;2;").append(random.nextInt(256)).append(';').append(random.nextInt(256))
                        .append(';').append(random.nextInt(256)).append(";48;5;").append(random.nextInt(256)).append('m');
                default -> sb.append("\u001b[0m");
            }
            sb.append(word).append("\u001b[0m ");
            column += word.length() + 1;
            if (column > 60) {
                sb.append("\r\n");
                column = 0;
            }
        }
        return exactly(sb.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** The differential corpus recordings (vim, htop, less, mc, ...) one after another, repeated. */
    public static byte[] corpus(Path refDir) {
        var all = new ByteArrayOutputStream();
        try (Stream<Path> dirs = Files.list(refDir)) {
            for (Path dir : dirs.sorted().toList()) {
                Path recording = dir.resolve("recording.bin");
                if (Files.exists(recording)) all.write(Files.readAllBytes(recording));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading the corpus under " + refDir, e);
        }
        if (all.size() == 0) throw new IllegalStateException("no recordings under " + refDir.toAbsolutePath());
        byte[] once = all.toByteArray();
        byte[] out = new byte[SIZE];
        for (int off = 0; off < SIZE; off += once.length) System.arraycopy(once, 0, out, off, Math.min(once.length, SIZE - off));
        return out;
    }

    private static byte[] exactly(byte[] bytes) {
        byte[] out = new byte[SIZE];
        System.arraycopy(bytes, 0, out, 0, SIZE);
        return out;
    }
}
