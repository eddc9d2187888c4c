package dev.uictl.engine.scenario.artifacts;

import dev.uictl.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The line format of {@code transcript.log}: {@code AT_MS STEP_INDEX JSON_STRING}. A UTF-8 sequence split between
 * two chunks is carried to the next line, so every line is whole text; invalid bytes become U+FFFD.
 */
public final class TranscriptLog {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private byte[] carry = new byte[0];

    /** One chunk as a line (with its newline), or null when the chunk held only part of a character. */
    public String line(long atMs, int stepIndex, byte[] chunk) {
        String text = decode(chunk);
        return text.isEmpty() ? null : line(atMs, stepIndex, text);
    }

    /** A decoded chunk as a line (with its newline). */
    public static String line(long atMs, int stepIndex, String text) {
        return atMs + " " + stepIndex + " " + Json.write(text) + "\n";
    }

    /** The chunk as text; an incomplete character at its end waits for the next chunk. */
    public String decode(byte[] chunk) {
        byte[] all = new byte[carry.length + chunk.length];
        System.arraycopy(carry, 0, all, 0, carry.length);
        System.arraycopy(chunk, 0, all, carry.length, chunk.length);
        ByteBuffer in = ByteBuffer.wrap(all);
        CharBuffer out = CharBuffer.allocate(all.length + 1);
        decoder.reset();
        decoder.decode(in, out, false);
        carry = new byte[in.remaining()];
        in.get(carry);
        out.flip();
        return out.toString();
    }

    /** One parsed line. */
    public record Chunk(long atMs, int stepIndex, String text) {
    }

    public static List<Chunk> parse(List<String> lines) {
        List<Chunk> chunks = new ArrayList<>(lines.size());
        for (String line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            int a = line.indexOf(' ');
            int b = line.indexOf(' ', a + 1);
            if (a < 0 || b < 0) {
                throw new IllegalArgumentException("not a transcript line: " + line);
            }
            chunks.add(new Chunk(Long.parseLong(line.substring(0, a)), Integer.parseInt(line.substring(a + 1, b)),
                    Json.parse(line.substring(b + 1)).asString()));
        }
        return chunks;
    }

    /** The program's output: the chunks of a transcript.log joined. */
    public static String read(Path file) {
        try {
            StringBuilder out = new StringBuilder();
            parse(Files.readAllLines(file, StandardCharsets.UTF_8)).forEach(c -> out.append(c.text()));
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
