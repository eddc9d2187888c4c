package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptTest {
    @TempDir
    Path tmp;

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void keepsEverythingUntilTheLimit() {
        Transcript t = new Transcript(8);
        t.append(ascii("abc"));
        t.append(ascii("def"));
        assertThat(new String(t.bytes(), StandardCharsets.US_ASCII)).isEqualTo("abcdef");
        assertThat(t.dropped()).isZero();
        assertThat(t.total()).isEqualTo(6);
    }

    @Test
    void keepsTheNewestBytesAcrossTheWrap() {
        Transcript t = new Transcript(8);
        t.append(ascii("abcdef"));
        t.append(ascii("ghijk"));
        assertThat(new String(t.bytes(), StandardCharsets.US_ASCII)).isEqualTo("defghijk");
        assertThat(t.dropped()).isEqualTo(3);
    }

    @Test
    void aChunkLargerThanTheLimitKeepsItsTail() {
        Transcript t = new Transcript(4);
        t.append(ascii("xy"));
        t.append(ascii("0123456789"));
        assertThat(new String(t.bytes(), StandardCharsets.US_ASCII)).isEqualTo("6789");
        assertThat(t.total()).isEqualTo(12);
        assertThat(t.dropped()).isEqualTo(8);
    }
}
