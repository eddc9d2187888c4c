package dev.uictl.core.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactFileTest {
    @TempDir
    Path dir;

    @Test
    void aRegularFileIsReplacedAtomicallyAndPrivatelyWithNoTemporaryLeft() throws Exception {
        Path target = Files.writeString(dir.resolve("shot.png"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
        ArtifactFile.write(target, new byte[] {1, 2, 3});
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-------");
        ArtifactFile.write(dir.resolve("new.log"), new byte[] {4});
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("shot.png", "new.log");
        }
    }

    @Test
    void aFifoIsRefusedAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("pipe.png");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertRefused(fifo);
        assertThat(Files.readAttributes(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS).get("mode"))
                .satisfies(m -> assertThat((Integer) m & 0170000).isEqualTo(0010000));
    }

    @Test
    void aLinkIsNotFollowedAndItsTargetIsUntouched() throws Exception {
        Path outside = Files.writeString(Files.createTempFile("victim", ".txt"), "keep");
        try {
            Path link = Files.createSymbolicLink(dir.resolve("link.png"), outside);
            assertRefused(link);
            assertThat(Files.isSymbolicLink(link)).isTrue();
            assertThat(outside).hasContent("keep");
        } finally {
            Files.delete(outside);
        }
    }

    @Test
    void directoriesAndMissingDirectoriesAreStructuredErrors() {
        assertRefused(dir);
        assertThatThrownBy(() -> ArtifactFile.write(dir.resolve("nope/shot.png"), new byte[1]))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR));
    }

    private static void assertRefused(Path target) {
        assertThatThrownBy(() -> ArtifactFile.write(target, new byte[] {9}))
                .isInstanceOfSatisfying(UictlException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".part"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
