package dev.uictl.app;

import dev.uictl.app.cli.CliParser;
import dev.uictl.app.cli.RobotFlags;
import dev.uictl.app.dispatch.GlobalOptions;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code `uictl …`} commands a hint or description names, and whether each parses against the registry.
 * Placeholders stand for a value of their kind: {@code <id>}, {@code <window>}, {@code SELECTOR}, {@code KEY}…
 */
final class HintCommands {
    private static final Pattern COMMAND = Pattern.compile("`uictl( [^`]*)?`");
    private static final Map<String, String> PLACEHOLDERS = Map.ofEntries(
            Map.entry("<command>", "version"), Map.entry("COMMAND", "version"), Map.entry("<name>", "version"),
            Map.entry("<output>", "version"), Map.entry("NAME", "version"), Map.entry("<id>", "t1"),
            Map.entry("<window>", "@w1"), Map.entry("SELECTOR", "@w1"), Map.entry("KEY", "a"),
            Map.entry("<dir>", "/tmp"), Map.entry(":N", ":9"));

    private HintCommands() {
    }

    static List<String> in(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = COMMAND.matcher(text);
        while (m.find()) {
            out.add(m.group().substring(1, m.group().length() - 1));
        }
        return out;
    }

    /** Why {@code commandLine} (starting with "uictl") does not parse, or empty when it does. */
    static Optional<String> problem(String commandLine, CommandRegistry registry) {
        List<String> argv = new ArrayList<>();
        for (String word : ShellWords.split(commandLine.substring("uictl".length()).trim())) {
            if (!word.equals("…")) {
                argv.add(PLACEHOLDERS.getOrDefault(word, word));
            }
        }
        try {
            new CliParser(registry).parse(GlobalOptions.extract(RobotFlags.rewrite(argv), Map.of(), registry).rest());
            return Optional.empty();
        } catch (UictlException e) {
            // A hint may name a command without its values (`uictl press`): the command and its flags exist.
            return e.code() == dev.uictl.core.error.ErrorCode.MISSING_REQUIRED ? Optional.empty()
                    : Optional.of(e.code() + ": " + e.getMessage());
        } catch (GlobalOptions.GlobalOptionsException e) {
            return Optional.of(e.error().getMessage());
        }
    }
}
