package dev.uictl.core.registry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** The one list of commands and the lookups derived from it (names, aliases, groups, output types). */
public final class CommandRegistry {
    private final List<Command> commands;
    private final Map<String, Command> byName = new LinkedHashMap<>();
    /** Computed once: every request's command name is resolved against it. */
    private final List<String> groups;

    public CommandRegistry(List<Command> commands) {
        this.commands = List.copyOf(commands);
        for (Command c : commands) {
            put(c.spec().name(), c);
            for (String alias : c.spec().aliases()) {
                put(alias, c);
            }
        }
        this.groups = computeGroups();
    }

    private void put(String name, Command c) {
        if (byName.putIfAbsent(name, c) != null) {
            throw new IllegalStateException("duplicate command name " + name);
        }
    }

    public List<Command> commands() {
        return commands;
    }

    public List<CommandSpec> specs() {
        return commands.stream().map(Command::spec).toList();
    }

    /** Resolves a name or alias ("get version"). */
    public Optional<Command> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /**
     * The longest run of leading words of {@code argv} (up to the first option) that names a command or alias,
     * e.g. "daemon start" for {@code daemon start --timeout 5}; empty when none does.
     */
    public Optional<String> longestCommandPrefix(List<String> argv) {
        String found = null;
        StringBuilder prefix = new StringBuilder();
        for (String word : argv) {
            if (word.startsWith("-")) {
                break;
            }
            prefix.append(prefix.isEmpty() ? "" : " ").append(word);
            if (byName.containsKey(prefix.toString())) {
                found = prefix.toString();
            }
        }
        return Optional.ofNullable(found);
    }

    public Map<String, Command> byNameAndAlias() {
        return Collections.unmodifiableMap(byName);
    }

    /** Words that only group subcommands ("daemon", "get", "wait"), in sorted order. */
    public List<String> groups() {
        return groups;
    }

    private List<String> computeGroups() {
        TreeSet<String> groups = new TreeSet<>();
        for (String name : byName.keySet()) {
            String[] words = name.split(" ");
            StringBuilder prefix = new StringBuilder();
            for (int i = 0; i < words.length - 1; i++) {
                if (i > 0) {
                    prefix.append(' ');
                }
                prefix.append(words[i]);
                if (!byName.containsKey(prefix.toString())) {
                    groups.add(prefix.toString());
                }
            }
        }
        return List.copyOf(groups);
    }

    /** Every distinct output type, keyed by schema name, in registry order. */
    public Map<String, OutputType> outputTypes() {
        Map<String, OutputType> types = new LinkedHashMap<>();
        for (Command c : commands) {
            OutputType t = c.spec().output();
            OutputType previous = types.putIfAbsent(t.name(), t);
            if (previous != null && previous.type() != t.type()) {
                throw new IllegalStateException("output type name " + t.name() + " used for two records");
            }
        }
        return types;
    }
}
