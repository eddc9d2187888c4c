package dev.uictl.vt.xterm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.vt.Terminal;
import dev.uictl.vt.TerminalEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SupportedSequencesTest {

    private static final Path DOC = Path.of("..", "docs", "vt-sequences.md");

    @Test
    void everyListedSequenceIsImplemented() {
        for (SupportedSequences.Entry entry : SupportedSequences.ALL) {
            var terminal = new Terminal(5, 20);
            List<TerminalEvent> unsupported = new ArrayList<>();
            terminal.onEvent(e -> {
                if (e instanceof TerminalEvent.Unsupported) unsupported.add(e);
            });
            terminal.write(Vt.esc(entry.example()).getBytes(StandardCharsets.UTF_8));
            assertThat(unsupported).as("%s %s", entry.mnemonic(), entry.sequence()).isEmpty();
        }
    }

    @Test
    void theDocumentIsUpToDate() throws IOException {
        String generated = SupportedSequences.markdown();
        if (Boolean.getBoolean("vt.docs.update")) Files.writeString(DOC, generated);
        assertThat(Files.exists(DOC)).as("%s is missing; run this test with -Dvt.docs.update=true", DOC).isTrue();
        assertThat(Files.readString(DOC))
                .as("%s is stale; run this test with -Dvt.docs.update=true", DOC)
                .isEqualTo(generated);
    }
}
