package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateDirectoryTest {
    @TempDir
    Path tmp;

    @Test
    void missingComponentsAreCreatedOwnerOnly() throws Exception {
        Path dir = tmp.resolve("a/b/uictl");
        PrivateDirectory.ensure(dir);
        for (Path p : new Path[] {tmp.resolve("a"), tmp.resolve("a/b"), dir}) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(p))).isEqualTo("rwx------");
        }
    }

    @Test
    void aLooseDirectoryOfOursIsTightened() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("run"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        PrivateDirectory.ensure(dir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    @Test
    void aSymlinkIsRefusedAndWhatItPointsAtIsLeftAlone() throws Exception {
        Path victim = Files.createDirectory(tmp.resolve("victim"));
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path link = Files.createSymbolicLink(tmp.resolve("uictl"), victim);
        assertThatThrownBy(() -> PrivateDirectory.ensure(link)).isInstanceOf(PrivateDirectory.Untrusted.class)
                .hasMessageContaining("symbolic link");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(victim))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void anAncestorOthersMayWriteWithoutTheStickyBitIsRefused() throws Exception {
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThatThrownBy(() -> PrivateDirectory.ensure(open.resolve("uictl")))
                .isInstanceOf(PrivateDirectory.Untrusted.class).hasMessageContaining("not sticky");
        try (Stream<Path> inside = Files.list(open)) {
            assertThat(inside).isEmpty();
        }
        // sticky, like /tmp: nobody else can rename or remove what we create there
        assertThat(new ProcessBuilder("chmod", "1777", open.toString()).start().waitFor()).isZero();
        PrivateDirectory.ensure(open.resolve("uictl"));
        assertThat(open.resolve("uictl")).isDirectory();
    }

    @Test
    void aDirectoryOfAnotherUserIsRefused() throws Exception {
        Path theirs = Files.createDirectory(tmp.resolve("theirs"));
        if (Identity.uid() != 0) {
            // only root can give a directory away; the rule itself is the same as for an ancestor of another uid
            assertThatThrownBy(() -> PrivateDirectory.ensure(Path.of("/usr/share")))
                    .isInstanceOf(PrivateDirectory.Untrusted.class).hasMessageContaining("uid 0");
            return;
        }
        assertThat(new ProcessBuilder("chown", "4242", theirs.toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> PrivateDirectory.ensure(theirs)).isInstanceOf(PrivateDirectory.Untrusted.class)
                .hasMessageContaining("uid 4242");
        assertThatThrownBy(() -> PrivateDirectory.ensure(theirs.resolve("below")))
                .isInstanceOf(PrivateDirectory.Untrusted.class);
    }
}
