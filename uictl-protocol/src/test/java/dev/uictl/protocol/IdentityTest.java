package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdentityTest {

    @Test
    void uidIsTheOwnerTheKernelGivesToOurNewFiles(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("mine"));

        assertThat(Identity.uid()).isEqualTo(Files.getAttribute(file, "unix:uid"));
    }
}
