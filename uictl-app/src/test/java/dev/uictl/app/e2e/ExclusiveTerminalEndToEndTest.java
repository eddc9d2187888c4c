package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A program that takes its terminal for itself (TIOCEXCL, as serial and some login tools do) still gets what is typed:
 * before a line is sent, uictl looks at the input the program has not read by opening the terminal, which the lock
 * forbids to anyone but root; that look is skipped, not turned into an IO_ERROR for input that would have arrived. The
 * daemon runs as an ordinary user (root is exempt from the lock), and the program's own answer is the oracle.
 */
@Tag("e2e")
class ExclusiveTerminalEndToEndTest {
    private static final String PROGRAM = """
            import fcntl, termios
            fcntl.ioctl(0, termios.TIOCEXCL)
            print("locked", flush=True)
            print("got", input(), flush=True)
            """;

    @Test
    void inputReachesAProgramThatLockedItsTerminal() throws Exception {
        Cli.requireBuilt();
        OtherUser.require();
        Path runtime = Files.createTempDirectory(Path.of("/tmp"), "uictl-excl");
        try {
            Path script = runtime.resolve("excl.py");
            Files.writeString(script, PROGRAM);
            OtherUser.run(List.of("chown", "-R", OtherUser.NAME, runtime.toString()), Map.of(), false);
            Map<String, String> env = Map.of("UICTL_RUNTIME_DIR", runtime.toString());
            JsonNode open = run(env, "term", "open", "--name", "excl", "--wait-text", "locked", "--",
                    "/usr/bin/python3", script.toString());
            assertThat(open.get("success").asBoolean()).as(open.toString()).isTrue();
            JsonNode typed = run(env, "term", "type", "excl", "hello\n");
            assertThat(typed.get("success").asBoolean()).as(typed.toString()).isTrue();
            JsonNode got = run(env, "term", "wait", "excl", "--text", "got hello", "--timeout", "5000");
            assertThat(got.get("success").asBoolean()).as(got.toString()).isTrue();
        } finally {
            run(Map.of("UICTL_RUNTIME_DIR", runtime.toString()), "daemon", "stop");
            try (var files = Files.walk(runtime)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static JsonNode run(Map<String, String> env, String... argv) {
        List<String> cmd = new ArrayList<>(List.of(Cli.HOME.resolve("bin/uictl").toString()));
        cmd.addAll(List.of(argv));
        Cli.Result r = OtherUser.run(cmd, env, true);
        return r.envelope();
    }
}
