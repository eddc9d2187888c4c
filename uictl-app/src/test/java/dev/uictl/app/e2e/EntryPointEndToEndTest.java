package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The command a user puts on PATH, bin/uictl, is the C client itself (no shell in front of it), made by set-up and
 * not tracked, so set-up leaves the checkout clean; it finds its installation through symbolic links, and
 * UICTL_CLIENT=java still selects the Java client. Which program runs is read from /proc/PID/exe.
 */
@Tag("e2e")
class EntryPointEndToEndTest {
    private static final Path ENTRY = Cli.HOME.resolve("bin/uictl");
    private Path runtimeDir;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        Requires.that(Files.isExecutable(Cli.HOME.resolve("build/uictl-c")),
                "the C client build/uictl-c (scripts/setup builds it with cc)");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-entry");
    }

    @AfterEach
    void tearDown() throws IOException {
        Cli.stopAndRemove(runtimeDir);
    }

    @Test
    void theEntryOnPathIsTheCClientItselfAndUntracked() throws Exception {
        assertThat(Files.readAllBytes(ENTRY)).as("bin/uictl is a copy of build/uictl-c")
                .isEqualTo(Files.readAllBytes(Cli.HOME.resolve("build/uictl-c")));
        assertThat(git("ls-files", "bin")).as("bin/ is made by set-up, not tracked").isEmpty();
        assertThat(git("check-ignore", "bin/uictl")).isEqualTo("bin/uictl");
    }

    @Test
    void aSymbolicLinkToTheEntryFindsTheInstallation() throws Exception {
        Path link = runtimeDir.resolve("uictl");
        Files.createSymbolicLink(link, ENTRY);
        ProcessBuilder pb = new ProcessBuilder(link.toString(), "version");
        pb.environment().put("UICTL_RUNTIME_DIR", runtimeDir.resolve("rt").toString());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("UICTL_CLIENT");
        Cli.Result r = Cli.complete(pb, "", "uictl version through a symbolic link");
        assertThat(r.exit()).as(r.stdout() + r.stderr()).isZero();
        assertThat(Json.parse(r.stdout()).get("data").get("mode").asString()).isEqualTo("daemon");
        new Cli("c", runtimeDir.resolve("rt")).run("daemon", "stop");
    }

    @Test
    void uictlClientJavaRunsTheJavaClientAndOtherwiseTheCClientRuns() throws Exception {
        new Cli("c", runtimeDir).run("version"); // a warm daemon, so both clients wait on stdin below
        assertThat(programOf(Map.of())).isEqualTo(ENTRY.toRealPath());
        assertThat(programOf(Map.of("UICTL_CLIENT", "java")).getFileName().toString()).isEqualTo("java");
    }

    /** The program running as `bin/uictl serve --stdio` (it waits on stdin, so it can be looked at). */
    private Path programOf(Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(ENTRY.toString(), "serve", "--stdio");
        pb.environment().put("UICTL_RUNTIME_DIR", runtimeDir.toString());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("UICTL_CLIENT");
        pb.environment().putAll(env);
        Process p = pb.redirectErrorStream(true).start();
        try {
            // The C client execs the Java client's script, which execs java: once a reply came, the image is final.
            p.getOutputStream().write("{\"id\":1,\"argv\":[\"version\"]}\n".getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().flush();
            assertThat(p.getInputStream().read()).as("a first reply").isEqualTo('{');
            return Path.of("/proc/" + p.pid() + "/exe").toRealPath();
        } finally {
            p.getOutputStream().close();
            p.waitFor();
        }
    }

    private static String git(String... args) throws Exception {
        var cmd = new java.util.ArrayList<>(java.util.List.of("git", "-C", Cli.HOME.toString()));
        cmd.addAll(java.util.List.of(args));
        Cli.Result r = Cli.complete(new ProcessBuilder(cmd), "", String.join(" ", cmd));
        return r.stdout().strip();
    }
}
