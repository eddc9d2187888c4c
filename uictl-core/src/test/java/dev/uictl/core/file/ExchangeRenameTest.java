package dev.uictl.core.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExchangeRenameTest {
    @TempDir
    Path dir;

    @Test
    void twoFilesTradeNames() throws Exception {
        Path a = Files.writeString(dir.resolve("a.png"), "new");
        Path b = Files.writeString(dir.resolve("b.png"), "old");
        assertThat(ExchangeRename.exchange(a, b)).isTrue();
        assertThat(b).hasContent("new");
        assertThat(a).hasContent("old");
    }

    @Test
    void aMissingFileIsNoExchangeAndChangesNothing() throws Exception {
        Path a = Files.writeString(dir.resolve("a.png"), "new");
        assertThat(ExchangeRename.exchange(a, dir.resolve("absent.png"))).isFalse();
        assertThat(a).hasContent("new");
        assertThat(dir.resolve("absent.png")).doesNotExist();
    }
}
