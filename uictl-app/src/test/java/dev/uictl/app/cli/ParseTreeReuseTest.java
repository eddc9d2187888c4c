package dev.uictl.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.UictlRun;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The parser reuses a command's picocli tree across lines: nothing of one line may reach the next. */
class ParseTreeReuseTest {
    private final CliParser parser = new CliParser(UictlRun.app().dispatcher().registry());

    private Args args(String... argv) {
        return ((ParsedLine.Invoke) parser.parse(List.of(argv))).args();
    }

    @Test
    void aLineStartsFromTheDefaultsWhateverTheLineBeforeSet() {
        Args full = args("screenshot", "/tmp/a.jpg", "--format", "jpeg", "--quality", "50", "--base64",
                "--annotate", "--region", "0,0,10,10");
        assertThat(full.string("format")).isEqualTo("jpeg");
        assertThat(full.flag("base64")).isTrue();

        Args bare = args("screenshot");
        assertThat(bare.has("path")).isFalse();
        assertThat(bare.has("format")).isFalse();
        assertThat(bare.has("quality")).isFalse();
        assertThat(bare.has("region")).isFalse();
        assertThat(bare.flag("base64")).isFalse();
        assertThat(bare.flag("annotate")).isFalse();
    }

    @Test
    void aRefusedLineLeavesNothingBehind() {
        assertThatThrownBy(() -> parser.parse(List.of("screenshot", "--quality", "50", "--no-such-option")))
                .isInstanceOf(UictlException.class);
        assertThat(args("screenshot").has("quality")).isFalse();
    }

    @Test
    void concurrentLinesOfOneCommandKeepTheirOwnValues() throws Exception {
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Long>> quality = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String q = Integer.toString(1 + i % 100);
                quality.add(threads.submit(() -> args("screenshot", "--quality", q).integerOr("quality", -1)));
            }
            for (int i = 0; i < quality.size(); i++) {
                assertThat(quality.get(i).get()).isEqualTo(1 + i % 100);
            }
        }
    }
}
