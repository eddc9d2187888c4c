package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.file.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The commands that keep state in the runtime directory (daemons, private desktops) against real conditions there,
 * in-process: a runtime directory reached through a symbolic link (which someone could point elsewhere) is refused
 * with PERMISSION_DENIED, root included, and nothing is created behind the link; a desktops entry that is a regular
 * file is IO_ERROR, with no desktop started. The directory listings are the oracle.
 */
class RuntimeDirRefusalTest {
    @TempDir
    Path work;

    @Test
    void aRuntimeDirectoryThatIsASymbolicLinkIsRefusedAndNothingIsCreatedBehindIt() throws IOException {
        Path real = Files.createDirectory(work.resolve("real"),
                OwnerOnly.DIRECTORY);
        Path link = Files.createSymbolicLink(work.resolve("link"), real);
        Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", link.toString(), "DISPLAY", "");
        for (List<String> argv : List.of(List.of("daemon", "start"), List.of("daemon", "stop"),
                List.of("daemon", "restart"), List.of("daemon", "run", "--idle-timeout", "1"),
                List.of("desktop", "up"), List.of("desktop", "down"))) {
            JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", argv.toArray(String[]::new)));
            assertThat(code(e)).as(argv + ": " + e).isEqualTo("PERMISSION_DENIED");
            assertThat(e.get("error").get("message").asString()).as(argv.toString()).contains("symbolic link");
        }
        assertThat(list(real)).as("nothing behind the link: no socket, lock, log or desktop").isEmpty();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        JsonNode version = ContractAssert.envelope(UictlRun.run(Map.of(), "", "version"));
        assertThat(version.get("data").get("mode").asString()).as("the refused daemon run took no daemon identity")
                .isEqualTo("in-process");
    }

    @Test
    void aDesktopsEntryThatIsARegularFileIsAnIoErrorAndNoDesktopStarts() throws IOException {
        Path runtime = Files.createDirectory(work.resolve("runtime"),
                OwnerOnly.DIRECTORY);
        Path desktops = Files.writeString(runtime.resolve("desktops"), "not a directory\n");
        Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", runtime.toString(), "DISPLAY", "");
        for (String verb : List.of("up", "down")) {
            JsonNode e = ContractAssert.envelope(UictlRun.run(env, "", "desktop", verb));
            assertThat(code(e)).as(verb + ": " + e).isEqualTo("IO_ERROR");
        }
        assertThat(Files.readString(desktops)).isEqualTo("not a directory\n");
        assertThat(list(runtime)).as("no desktop, lock or socket beside it").containsExactly(desktops);
    }

    private static String code(JsonNode e) {
        return e.get("success").asBoolean() ? "success" : e.get("error").get("code").asString();
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
