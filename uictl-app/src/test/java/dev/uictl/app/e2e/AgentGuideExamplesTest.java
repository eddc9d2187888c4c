package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.app.PrivateDesktopExtension;
import dev.uictl.app.UictlRun;
import dev.uictl.core.registry.CommandRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every ```bash block of docs/agent-guide.md runs, as one bash script (errexit, pipefail), with the built
 * bin/uictl first on PATH, against a private desktop and its own daemon; the blocks verify their own effects
 * (waits that fail with TIMEOUT, greps), so a block that exits 0 did what the guide says.
 *
 * <p>A block marked ```bash pending=AREA shows a capability of another branch: it is not run, and the test fails
 * once the registry has its commands, so the mark is removed when the capability lands. {@link #PENDING} lists the
 * areas the guide may mark.
 */
@Tag("e2e")
class AgentGuideExamplesTest {
    /** Capabilities landing on other branches; the lead removes an area when it merges. */
    static final Set<String> PENDING = Set.of();
    static final Path GUIDE = Cli.HOME.resolve("docs/agent-guide.md");

    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();

    record Block(int line, String pending, String script) {
        @Override
        public String toString() {
            return "agent-guide.md:" + line + (pending == null ? "" : " (pending " + pending + ")");
        }
    }

    @BeforeAll
    static void built() {
        assumeTrue(Cli.built(), "run scripts/setup first");
    }

    @AfterAll
    static void stopDaemon() {
        Cli.stopDaemonOf(DESKTOP);
    }

    static Stream<Block> blocks() throws IOException {
        return blocks(GUIDE).stream();
    }

    static List<Block> blocks(Path markdown) throws IOException {
        List<String> lines = Files.readAllLines(markdown);
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String fence = lines.get(i).strip();
            if (!fence.startsWith("```bash")) {
                continue;
            }
            String info = fence.substring(7).strip();
            String pending = info.startsWith("pending=") ? info.substring(8) : null;
            StringBuilder script = new StringBuilder();
            int start = i + 1;
            while (!lines.get(++i).strip().equals("```")) {
                script.append(lines.get(i)).append('\n');
            }
            out.add(new Block(start, pending, script.toString()));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    void runs(Block block) throws Exception {
        CommandRegistry registry = UictlRun.app().dispatcher().registry();
        if (block.pending() != null) {
            assertThat(PENDING).as("known pending areas").contains(block.pending());
            for (String command : commands(block.script())) {
                assertThat(registry.longestCommandPrefix(List.of(command.split(" "))))
                        .as("'%s' exists now: remove pending=%s from the block", command, block.pending()).isEmpty();
            }
            return;
        }
        for (String command : commands(block.script())) {
            assertThat(registry.longestCommandPrefix(shorthand(List.of(command.split(" ")), registry)))
                    .as("command of: %s", command).isPresent();
        }
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", block.script())
                .directory(DESKTOP.runtimeDir().toFile());
        pb.environment().remove("UICTL_FORMAT");
        pb.environment().putAll(DESKTOP.env());
        pb.environment().put("UICTL_CLIENT", "c");
        // the accessibility block drives the repository's GTK test form
        pb.environment().put("FIXTURES", Cli.HOME.resolve("fixtures").toString());
        pb.environment().put("PATH", Cli.HOME.resolve("bin") + ":" + System.getenv("PATH"));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s exits 0; output:%n%s", block, output).isZero();
        if (block.script().contains("failed with exit")) {
            // the error examples show real failures: their envelopes and exit codes
            assertThat(output).contains("\"success\":false").contains("failed with exit 7");
        }
    }

    /**
     * `get TARGET` (SPEC's get REF) names `get element`: the parser expands it when TARGET is an element; here the
     * words are not shell-split, so any first word that is not a subcommand of get counts as a target.
     */
    static List<String> shorthand(List<String> words, CommandRegistry registry) {
        if (words.size() > 1 && words.get(0).equals("get") && registry.find("get " + words.get(1)).isEmpty()) {
            List<String> out = new ArrayList<>(List.of("get", "element"));
            out.addAll(words.subList(1, words.size()));
            return out;
        }
        return words;
    }

    /** The uictl command lines of a script (after `uictl` and any leading global options). */
    static List<String> commands(String script) {
        List<String> out = new ArrayList<>();
        for (String raw : script.replace("\\\n", " ").split("\n")) {
            for (String part : raw.split("\\|")) {
                String s = part.strip();
                if (!s.startsWith("uictl ")) {
                    continue;
                }
                List<String> words = new ArrayList<>(List.of(s.substring(6).strip().split("\\s+")));
                while (!words.isEmpty() && words.getFirst().startsWith("-")) {
                    String option = words.removeFirst();
                    if (option.equals("--format") || option.equals("--session")) {
                        words.removeFirst();
                    }
                }
                out.add(String.join(" ", words));
            }
        }
        return out;
    }
}
