package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The errors every command can return, provoked for each: an unknown flag (INVALID_ARGS), an option without its
 * value (MISSING_REQUIRED), for commands that need a display, none (DEPENDENCY_MISSING), and for commands that
 * name a terminal session, one that does not exist (SESSION_NOT_FOUND).
 */
class EveryCommandErrorsTest {
    static Stream<CommandSpec> commands() {
        return UictlRun.app().dispatcher().registry().specs().stream();
    }

    static Stream<CommandSpec> displayCommands() {
        return commands().filter(s -> s.errors().contains(ErrorCode.DEPENDENCY_MISSING))
                // desktop up starts a display rather than needing one; desktop down/status read the runtime dir
                .filter(s -> !s.name().startsWith("desktop "))
                // tmux commands need a tmux server, not a display
                .filter(s -> s.category() != dev.uictl.core.registry.Category.TMUX);
    }

    private static String code(UictlRun.Output out) {
        JsonNode e = ContractAssert.envelope(out);
        assertThat(e.get("success").asBoolean()).as(out.stdout()).isFalse();
        return e.get("error").get("code").asString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void anUnknownFlagIsInvalidArgsAndAMissingValueIsMissingRequired(CommandSpec spec) {
        List<String> unknown = withRequired(spec);
        unknown.add("--no-such-flag");
        UictlRun.Output out = UictlRun.run(unknown.toArray(String[]::new));
        assertThat(code(out)).as(out.stdout()).isEqualTo("INVALID_ARGS");

        List<String> noValue = withRequired(spec);
        // the command's own option that takes a value, else the global --session
        noValue.add(spec.params().stream().filter(p -> !p.positional() && !p.isFlag() && !p.valueOptional())
                .map(ParamSpec::label).findFirst().orElse("--session"));
        assertThat(code(UictlRun.run(noValue.toArray(String[]::new)))).isEqualTo("MISSING_REQUIRED");
    }

    static Stream<CommandSpec> sessionCommands() {
        return commands().filter(s -> s.errors().contains(ErrorCode.SESSION_NOT_FOUND))
                // commands that name a session (tmux status/health list them and fail only on a named one)
                .filter(s -> s.params().stream().anyMatch(p -> p.name().equals("session") && p.required()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sessionCommands")
    void aSessionThatDoesNotExistIsSessionNotFound(CommandSpec spec) {
        List<String> argv = withRequired(spec);
        if (spec.name().equals("term wait")) {
            argv.add("--exit"); // exactly one condition is required
        }
        UictlRun.Output out = UictlRun.run(argv.toArray(String[]::new));
        assertThat(code(out)).as(out.stdout()).isEqualTo("SESSION_NOT_FOUND");
    }

    /** The command's words and a plausible value for each required parameter, so only the flag is wrong. */
    private static List<String> withRequired(CommandSpec spec) {
        List<String> argv = new ArrayList<>(spec.words());
        for (ParamSpec p : spec.params()) {
            if (!p.required()) {
                continue;
            }
            String value = p.range() != null ? Long.toString((long) p.range().min())
                    : p.type() == dev.uictl.core.registry.ParamType.ENUM ? p.choices().getFirst()
                    : p.name().equals("size") ? "24x80" : "x1";
            argv.add(p.positional() ? value : p.isFlag() ? p.label() : p.label() + "=" + value);
        }
        return argv;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("displayCommands")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutADisplayEveryDisplayCommandSaysWhatIsMissing(CommandSpec spec) {
        List<String> argv = ShellWords.split(spec.examples().getFirst().commandLine());
        UictlRun.Output out = UictlRun.run(Map.of("DISPLAY", ""), "", argv.toArray(String[]::new));
        assertThat(code(out)).as(out.stdout()).isEqualTo("DEPENDENCY_MISSING");
    }
}
