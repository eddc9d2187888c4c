package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.cli.CliParser;
import dev.uictl.app.cli.ParsedLine;
import dev.uictl.app.docs.DocsGenerator;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Example;
import dev.uictl.core.registry.ParamSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Registry, parser, help and generated docs must agree. */
class RegistrySyncTest {
    private final CommandRegistry registry = UictlRun.app().dispatcher().registry();
    private final CliParser parser = new CliParser(registry);

    @Test
    void everyParameterIsKnownToTheParser() {
        CommandLine root = parser.commandLine();
        for (CommandSpec spec : registry.specs()) {
            CommandLine line = root;
            for (String word : spec.words()) {
                line = line.getSubcommands().get(word);
                assertThat(line).as("parser knows %s", spec.name()).isNotNull();
            }
            var model = line.getCommandSpec();
            for (ParamSpec p : spec.params()) {
                if (p.positional()) {
                    assertThat(model.positionalParameters()).extracting(a -> a.paramLabel()).contains(p.label());
                } else {
                    assertThat(model.findOption("--" + p.name())).as("%s --%s", spec.name(), p.name()).isNotNull();
                }
            }
        }
    }

    @Test
    void everyExampleParsesToItsCommand() {
        for (CommandSpec spec : registry.specs()) {
            for (Example e : spec.examples()) {
                List<String> argv = words(e.commandLine());
                var options = dev.uictl.app.dispatch.GlobalOptions.extract(argv, java.util.Map.of(), registry);
                ParsedLine parsed = parser.parse(options.rest());
                assertThat(parsed).as(e.commandLine()).isInstanceOf(ParsedLine.Invoke.class);
                assertThat(((ParsedLine.Invoke) parsed).command().spec().name()).isEqualTo(spec.name());
            }
        }
    }

    /** The C client runs `daemon ...` in-process by its first word; the registry must agree. */
    @Test
    void clientSideCommandsAreExactlyTheDaemonGroup() {
        for (CommandSpec spec : registry.specs()) {
            assertThat(spec.runsInClient()).as(spec.name()).isEqualTo(spec.name().startsWith("daemon "));
        }
    }

    /** MCP hosts decide what needs a person's confirmation from these; a command without them is a bug. */
    @Test
    void everyCommandDeclaresWhatItDoesToTheWorld() {
        assertThat(registry.specs()).filteredOn(s -> s.annotations() == null).extracting(CommandSpec::name)
                .as("commands without .annotations(ToolAnnotations...) in their spec").isEmpty();
    }

    /** docs/mcp.md explains each command whose tool cannot run inside a call, and counts them right. */
    @Test
    void theMcpGuideNamesEveryToolThatCannotRunInsideACall() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "mcp.md"));
        List<String> refused = registry.specs().stream().filter(s -> !s.nestable()).map(CommandSpec::name).toList();
        for (String name : refused) {
            assertThat(guide).as("docs/mcp.md explains why `%s` cannot run in a call", name).contains("`" + name);
        }
        List<String> counts = List.of("None", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine");
        assertThat(guide).contains(counts.get(refused.size()) + " of them cannot run inside a tools/call");
    }

    @Test
    void generatedDocsAreCommitted() throws IOException {
        Path root = Path.of("..");
        for (var e : DocsGenerator.generate(registry).entrySet()) {
            Path file = root.resolve(e.getKey());
            assertThat(file).as("%s is generated; run scripts/gen-docs", e.getKey()).exists();
            assertThat(Files.readString(file)).as("%s is stale; run scripts/gen-docs", e.getKey())
                    .isEqualTo(e.getValue());
        }
    }

    /** Shell-like split of an example: words, with '...' kept together; redirections end the command. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && (c == '>' || c == '<' || c == '|')) {
                break;
            } else if (!quoted && c == ' ') {
                if (!cur.isEmpty()) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }
}
