package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.commands.meta.CommandCatalog;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every `uictl …` command a hint names exists with those flags: the default hints of the codes capabilities
 * advertises, and every complete one written in a string literal of the product's sources. Hints assembled at run
 * time are checked from what the tests saw, in {@link DeclaredErrorsTest}.
 */
class HintsTest {
    private static final CommandRegistry REGISTRY = UictlRun.app().dispatcher().registry();
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    @Test
    void defaultHintsOfAdvertisedCodesNameRealCommands() {
        List<String> problems = new ArrayList<>();
        for (ErrorCode code : CommandCatalog.advertised(REGISTRY)) {
            for (String command : HintCommands.in(code.defaultHint())) {
                HintCommands.problem(command, REGISTRY).ifPresent(p -> problems.add(code + ": `" + command + "` " + p));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void hintsWrittenInTheSourcesNameRealCommands() throws IOException {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(Path.of("..").toAbsolutePath().normalize())) {
            for (Path file : files.filter(HintsTest::productSource).toList()) {
                for (String line : Files.readAllLines(file)) {
                    Matcher m = LITERAL.matcher(line);
                    while (m.find()) {
                        String text = m.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
                        for (String command : HintCommands.in(text)) {
                            checked++;
                            HintCommands.problem(command, REGISTRY).ifPresent(p ->
                                    problems.add(file.getFileName() + ": `" + command + "` " + p));
                        }
                    }
                }
            }
        }
        assertThat(checked).as("hints found in the sources").isGreaterThan(30);
        assertThat(problems).isEmpty();
    }

    @Test
    void theCheckRefusesWhatDoesNotExist() {
        assertThat(HintCommands.problem("uictl no-such-command", REGISTRY)).isPresent();
        assertThat(HintCommands.problem("uictl list-windows --no-such-flag", REGISTRY)).isPresent();
        assertThat(HintCommands.problem("uictl term wait t1 --text ready", REGISTRY)).isEmpty();
    }

    /** Product sources; ErrorCode's defaults are checked above, for the codes some command can return. */
    private static boolean productSource(Path p) {
        String s = p.toString();
        return s.endsWith(".java") && s.contains("/src/main/java/") && !s.contains("/uictl-bench/")
                && !s.endsWith("/ErrorCode.java");
    }
}
