package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import dev.uictl.testkit.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A sandboxed session through the built bin/uictl and a private daemon, its policy in a YAML file: the program's
 * writes land only in the allowed directory (checked on disk), and when the daemon is killed with SIGKILL nothing
 * of the sandbox survives (checked in /proc).
 */
@Tag("e2e")
class SandboxEndToEndTest {
    private Path runtimeDir;
    private Path root;
    private Path work;
    private Path outside;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        Requires.program("bwrap");
        Requires.that(Files.isExecutable(Cli.HOME.resolve("build/uictl-sandbox-exec")),
                "the sandbox exec helper build/uictl-sandbox-exec (scripts/setup builds it with cc)");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-sbx-e2e");
        root = Files.createTempDirectory(Path.of("/tmp"), "uictl-sbx-e2e-work");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        work = Files.createDirectory(root.resolve("work"));
        outside = Files.createDirectory(root.resolve("outside"));
    }

    @AfterEach
    void tearDown() throws IOException {
        if (runtimeDir == null) {
            return;
        }
        new Cli("c", runtimeDir).run("daemon", "stop");
        for (Path dir : List.of(runtimeDir, root)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private JsonNode ok(Cli cli, String... args) {
        Cli.Result r = cli.run(args);
        JsonNode e = r.envelope();
        assertThat(e.get("success").asBoolean()).as(r.stdout()).isTrue();
        return e.get("data");
    }

    private Path policy() throws IOException {
        return Files.writeString(root.resolve("policy.yaml"), String.join("\n",
                "policy_version: 1",
                "sandbox: bwrap",
                "network: disabled",
                "fs:",
                "  allowed_write: [" + work + "]",
                "  working_dir: " + work,
                "fs_write_unsafe_ack: true",
                "exec:",
                "  allowed_executables: [/usr/bin/bash, /usr/bin/sleep]",
                "  allow_shell: true",
                "env:",
                "  allowlist: [PS1]",
                "  set: {PS1: 'sbx$ '}",
                ""));
    }

    @Test
    void aPolicyFileSandboxesTheSessionAndADaemonKilledOutrightLeavesNothingInside() throws Exception {
        Cli cli = new Cli("c", runtimeDir);
        ok(cli, "term", "open", "--name", "sbx", "--policy", policy().toString(), "--wait-text", "sbx$",
                "--", "bash", "--norc", "--noprofile", "-i");
        ok(cli, "term", "type", "sbx", "echo in > " + work + "/in.txt; echo out > " + outside + "/out.txt; "
                + "sleep 4243 & echo started-$((6*7))\r", "--wait-text", "started-42");
        Poll.until("the file written inside", () -> Files.exists(work.resolve("in.txt")));
        assertThat(Files.readString(work.resolve("in.txt"))).isEqualTo("in\n");
        assertThat(outside.resolve("out.txt")).doesNotExist();
        Poll.until("the sandboxed sleep", () -> !sleeps().isEmpty());

        ProcessHandle.of(cli.daemonPid()).orElseThrow().destroyForcibly();
        Poll.until("nothing of the sandbox left", Duration.ofSeconds(10), () -> sleeps().isEmpty());
    }

    private static List<Long> sleeps() {
        return ProcessHandle.allProcesses().filter(h -> {
            try {
                String cmd = Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"));
                return cmd.endsWith("sleep\0" + "4243\0");
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
    }
}
