package dev.uictl.core.registry;

import java.util.List;

/**
 * One parameter of a command. Options are named {@code --name} (plus optional short aliases); positionals are
 * taken in declaration order. A boolean option is a flag.
 */
public record ParamSpec(String name, boolean positional, ParamType type, String description, boolean required,
                        String defaultValue, List<String> choices, List<String> aliases) {

    public ParamSpec {
        choices = List.copyOf(choices);
        aliases = List.copyOf(aliases);
    }

    public static ParamSpec option(String name, ParamType type, String description) {
        return new ParamSpec(name, false, type, description, false, null, List.of(), List.of());
    }

    public static ParamSpec flag(String name, String description) {
        return option(name, ParamType.BOOLEAN, description);
    }

    public static ParamSpec positional(String name, ParamType type, String description) {
        return new ParamSpec(name, true, type, description, true, null, List.of(), List.of());
    }

    public ParamSpec asRequired() {
        return new ParamSpec(name, positional, type, description, true, defaultValue, choices, aliases);
    }

    public ParamSpec asOptional() {
        return new ParamSpec(name, positional, type, description, false, defaultValue, choices, aliases);
    }

    public ParamSpec defaultsTo(String value) {
        return new ParamSpec(name, positional, type, description, false, value, choices, aliases);
    }

    public ParamSpec choices(String... values) {
        return new ParamSpec(name, positional, ParamType.ENUM, description, required, defaultValue, List.of(values),
                aliases);
    }

    public ParamSpec alias(String... names) {
        return new ParamSpec(name, positional, type, description, required, defaultValue, choices, List.of(names));
    }

    public boolean isFlag() {
        return !positional && type == ParamType.BOOLEAN;
    }

    public boolean isList() {
        return type == ParamType.STRING_LIST;
    }

    /** The spelling on the command line: {@code --name} for options, {@code NAME} for positionals. */
    public String label() {
        return positional ? name.toUpperCase(java.util.Locale.ROOT).replace('-', '_') : "--" + name;
    }
}
