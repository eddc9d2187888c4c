package dev.uictl.engine.desktop.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScreenshotStoreTest {
    @TempDir
    Path runtime;

    @Test
    void privatePathsAreUniqueInADirectoryOnlyTheOwnerCanEnter() throws Exception {
        Set<Path> paths = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            paths.add(ScreenshotStore.privatePath(runtime, ImageFormat.PNG));
        }
        assertThat(paths).hasSize(200).allSatisfy(p -> {
            assertThat(p.getParent()).isEqualTo(runtime.resolve("screenshots"));
            assertThat(p.getFileName().toString()).startsWith("screenshot-").endsWith(".png");
        });
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runtime.resolve("screenshots"))))
                .isEqualTo("rwx------");
    }

    @Test
    void aLooseExistingDirectoryIsTightened() throws Exception {
        Files.createDirectory(runtime.resolve("screenshots"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        ScreenshotStore.privatePath(runtime, ImageFormat.JPEG);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runtime.resolve("screenshots"))))
                .isEqualTo("rwx------");
    }
}
