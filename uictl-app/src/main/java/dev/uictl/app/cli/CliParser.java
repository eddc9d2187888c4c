package dev.uictl.app.cli;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.ParamValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * Builds the picocli model from the registry (no annotations anywhere) and turns argv into a {@link ParsedLine}.
 * Picocli stays at this edge: its exceptions become INVALID_ARGS / MISSING_REQUIRED here.
 */
public final class CliParser {
    private final CommandRegistry registry;
    /**
     * Parse trees of one command each, idle between lines. Building one per line (every picocli CommandLine
     * registers its built-in converters when made) took about a millisecond of a 10 ms screenshot; picocli resets
     * a tree to its initial values at each parse, and a tree serves one line at a time.
     */
    private final Map<String, Queue<CommandLine>> idleTrees = new ConcurrentHashMap<>();

    public CliParser(CommandRegistry registry) {
        this.registry = registry;
    }

    /** A fresh picocli tree (picocli models keep parse state, so one per parse keeps concurrent calls apart). */
    public CommandLine commandLine() {
        CommandLine root = root();
        registry.byNameAndAlias().forEach((path, command) -> add(root, path, command));
        return root;
    }

    /**
     * The tree for a line that names a command: only that command's path. Building the whole tree costs time
     * proportional to the registry on every call; lines that name no command (help, typos) still get it.
     */
    private CommandLine commandLineFor(String commandPath) {
        CommandLine root = root();
        add(root, commandPath, registry.find(commandPath).orElseThrow());
        return root;
    }

    private static CommandLine root() {
        return new CommandLine(CommandSpec.create().name("uictl").addOption(helpOption()));
    }

    private static void add(CommandLine root, String path, Command command) {
        String[] words = path.split(" ");
        CommandLine parent = root;
        for (int i = 0; i < words.length - 1; i++) {
            CommandLine child = parent.getSubcommands().get(words[i]);
            if (child == null) {
                child = new CommandLine(CommandSpec.create().name(words[i]).addOption(helpOption()));
                parent.addSubcommand(words[i], child);
            }
            parent = child;
        }
        // named here too: picocli's error messages and our hints read the leaf's own name
        parent.addSubcommand(words[words.length - 1], new CommandLine(leaf(command).name(words[words.length - 1])));
    }

    private static CommandSpec leaf(Command command) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        spec.addOption(helpOption());
        int index = 0;
        for (ParamSpec p : command.spec().params()) {
            if (p.positional()) {
                PositionalParamSpec.Builder b = PositionalParamSpec.builder()
                        .index(p.isList() ? index + "..*" : Integer.toString(index))
                        .paramLabel(p.label())
                        .description(p.description());
                if (p.isList()) {
                    b.arity(p.required() ? "1..*" : "0..*").type(List.class).auxiliaryTypes(String.class);
                } else {
                    b.arity(p.required() ? "1" : "0..1").type(javaType(p.type()));
                }
                spec.addPositional(b.build());
                index++;
            } else {
                String[] names = new String[1 + p.aliases().size()];
                names[0] = "--" + p.name();
                for (int i = 0; i < p.aliases().size(); i++) {
                    names[i + 1] = p.aliases().get(i);
                }
                OptionSpec.Builder b = OptionSpec.builder(names).description(p.description()).required(p.required());
                if (p.isFlag()) {
                    b.arity("0").type(boolean.class);
                } else if (p.isList()) {
                    b.arity("1").type(List.class).auxiliaryTypes(String.class).paramLabel(p.name().toUpperCase());
                } else {
                    b.arity("1").type(javaType(p.type())).paramLabel(p.name().toUpperCase());
                }
                spec.addOption(b.build());
            }
        }
        return spec;
    }

    private static OptionSpec helpOption() {
        return OptionSpec.builder("-h", "--help").usageHelp(true).description("Show help").build();
    }

    /** Numbers stay text here: {@link ParamValues} converts them, as it does for JSON arguments. */
    private static Class<?> javaType(ParamType t) {
        return t == ParamType.BOOLEAN ? Boolean.class : String.class;
    }

    public ParsedLine parse(List<String> words) {
        if (words.isEmpty()) {
            return new ParsedLine.Help("");
        }
        List<String> argv = ElementShorthand.expand(words, registry);
        Optional<String> path = registry.longestCommandPrefix(argv);
        CommandLine tree = path.map(this::borrowTree).orElseGet(this::commandLine);
        try {
            return parse(tree, attachOptionalValues(argv, path.flatMap(registry::find)));
        } finally {
            path.ifPresent(p -> idleTrees.computeIfAbsent(p, k -> new ConcurrentLinkedQueue<>()).offer(tree));
        }
    }

    private CommandLine borrowTree(String commandPath) {
        Queue<CommandLine> idle = idleTrees.get(commandPath);
        CommandLine tree = idle == null ? null : idle.poll();
        return tree != null ? tree : commandLineFor(commandPath);
    }

    private ParsedLine parse(CommandLine tree, List<String> line) {
        ParseResult result;
        try {
            result = tree.parseArgs(line.toArray(String[]::new));
        } catch (CommandLine.UnmatchedArgumentException e) {
            throw unmatched(e);
        } catch (CommandLine.MissingParameterException e) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, e.getMessage())
                    .withHint("Run `uictl " + path(e.getCommandLine()) + " --help` for the required arguments.")
                    .withDetail("missing", e.getMissing().stream().map(CliParser::argName).toList());
        } catch (CommandLine.ParameterException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, e.getMessage())
                    .withHint("Run `uictl " + path(e.getCommandLine()) + " --help` for the accepted arguments.");
        }
        ParseResult leaf = result;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        String path = path(leaf.commandSpec().commandLine());
        if (leaf.isUsageHelpRequested() || !(leaf.commandSpec().userObject() instanceof Command command)) {
            if (!leaf.isUsageHelpRequested() && !path.isEmpty()) {
                throw UictlException.of(ErrorCode.MISSING_REQUIRED, "'" + path + "' needs a subcommand: "
                                + String.join(", ", leaf.commandSpec().subcommands().keySet()))
                        .withHint("Run `uictl " + path + " --help` to see its subcommands.")
                        .withDetail("subcommands", List.copyOf(leaf.commandSpec().subcommands().keySet()));
            }
            return new ParsedLine.Help(path);
        }
        return new ParsedLine.Invoke(command, bind(command, leaf));
    }

    /**
     * Rewrites each option with an optional value to the attached form picocli parses unambiguously:
     * {@code --wait-window class=xterm} → {@code --wait-window=class=xterm}, a lone {@code --wait-window} →
     * {@code --wait-window=}.
     */
    private static List<String> attachOptionalValues(List<String> argv, Optional<Command> command) {
        if (command.isEmpty() || command.get().spec().params().stream().noneMatch(ParamSpec::valueOptional)) {
            return argv;
        }
        List<String> out = new ArrayList<>(argv.size());
        for (int i = 0; i < argv.size(); i++) {
            String word = argv.get(i);
            if (word.equals("--")) {
                out.addAll(argv.subList(i, argv.size()));
                break;
            }
            Optional<ParamSpec> optional = command.get().spec().params().stream()
                    .filter(p -> p.valueOptional() && (word.equals(p.label()) || p.aliases().contains(word)))
                    .findFirst();
            if (optional.isEmpty()) {
                out.add(word);
            } else if (i + 1 < argv.size() && optional.get().takesAsOptionalValue(argv.get(i + 1))) {
                out.add(word + "=" + argv.get(++i));
            } else {
                out.add(word + "=");
            }
        }
        return out;
    }

    private static Args bind(Command command, ParseResult leaf) {
        String name = command.spec().name();
        Map<String, Object> values = new HashMap<>();
        int index = 0;
        for (ParamSpec p : command.spec().params()) {
            Object value;
            if (p.positional()) {
                PositionalParamSpec spec = leaf.commandSpec().positionalParameters().get(index++);
                value = leaf.hasMatchedPositional(spec) ? spec.getValue() : null;
            } else {
                OptionSpec spec = leaf.commandSpec().findOption("--" + p.name());
                value = leaf.hasMatchedOption(spec) ? spec.getValue() : null;
            }
            if (value instanceof String text) {
                value = ParamValues.fromText(name, p, text);
            }
            if (value == null) {
                value = ParamValues.defaultOf(p);
            }
            if (value instanceof List<?> list) {
                value = List.copyOf(list);
            } else if (value != null) {
                ParamValues.check(name, p, value);
            }
            if (value != null && !(p.isFlag() && Boolean.FALSE.equals(value))) {
                values.put(p.name(), value);
            }
        }
        ParamValues.requireAll(command.spec(), values);
        return new Args(values);
    }

    private UictlException unmatched(CommandLine.UnmatchedArgumentException e) {
        String path = path(e.getCommandLine());
        List<String> unmatched = e.getUnmatched();
        String first = unmatched.isEmpty() ? "" : unmatched.getFirst();
        boolean unknownCommand = !first.startsWith("-")
                && !(e.getCommandLine().getCommandSpec().userObject() instanceof Command);
        String message = unknownCommand
                ? "unknown command '" + (path.isEmpty() ? first : path + " " + first) + "'"
                : "unknown argument '" + first + "' for '" + (path.isEmpty() ? "uictl" : path) + "'";
        UictlException ex = UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint(unknownCommand ? "Run `uictl help` to list commands."
                        : "Run `uictl " + path + " --help` for the accepted arguments.")
                .withDetail("unmatched", List.copyOf(unmatched));
        List<String> suggestions = e.getSuggestions();
        if (!suggestions.isEmpty()) {
            ex = ex.withDetail("did_you_mean", List.copyOf(suggestions));
        }
        return ex;
    }

    private static String argName(CommandLine.Model.ArgSpec a) {
        return a instanceof OptionSpec o ? o.longestName() : a.paramLabel();
    }

    static String path(CommandLine line) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine c = line; c != null && c.getParent() != null; c = c.getParent()) {
            sb.insert(0, sb.isEmpty() ? c.getCommandName() : c.getCommandName() + " ");
        }
        return sb.toString();
    }
}
