package dev.uictl.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfInterpreterTest {
    @Test
    void aDynamicProgramNamesTheLoaderTheKernelRunsItWith() throws Exception {
        Path interp = ElfInterpreter.of(Path.of("/usr/bin/cat")).orElseThrow();
        assertThat(interp.getFileName().toString()).startsWith("ld-linux");
        assertThat(Files.isRegularFile(interp)).isTrue();
    }

    @Test
    void scriptsAndShortFilesHaveNone(@TempDir Path tmp) throws Exception {
        Path script = Files.writeString(tmp.resolve("s.sh"), "#!/bin/sh\necho hi\n");
        assertThat(ElfInterpreter.of(script)).isEmpty();
        assertThat(ElfInterpreter.of(tmp.resolve("missing"))).isEmpty();
    }
}
