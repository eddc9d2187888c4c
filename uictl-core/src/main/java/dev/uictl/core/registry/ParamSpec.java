package dev.uictl.core.registry;

import java.util.List;

/**
 * One parameter of a command. Options are named {@code --name} (plus optional short aliases); positionals are
 * taken in declaration order. A boolean option is a flag. An option whose value is optional
 * ({@code --wait-window [SEL]}) reads as the empty string when given alone; it takes a value only when the value is
 * attached ({@code --wait-window=SEL}) or the next word has the form {@code key=value} or {@code @ref}, so a bare
 * word after it stays a positional.
 */
public record ParamSpec(String name, boolean positional, ParamType type, String description, boolean required,
                        String defaultValue, List<String> choices, List<String> aliases, boolean valueOptional,
                        Range declaredRange) {

    public ParamSpec {
        choices = List.copyOf(choices);
        aliases = List.copyOf(aliases);
        if (declaredRange != null && type != ParamType.INTEGER && type != ParamType.NUMBER) {
            throw new IllegalArgumentException(name + ": only numeric parameters have a range");
        }
    }

    public static ParamSpec option(String name, ParamType type, String description) {
        return new ParamSpec(name, false, type, description, false, null, List.of(), List.of(), false, null);
    }

    public static ParamSpec flag(String name, String description) {
        return option(name, ParamType.BOOLEAN, description);
    }

    public static ParamSpec positional(String name, ParamType type, String description) {
        return new ParamSpec(name, true, type, description, true, null, List.of(), List.of(), false, null);
    }

    public ParamSpec asRequired() {
        return new ParamSpec(name, positional, type, description, true, defaultValue, choices, aliases,
                valueOptional, declaredRange);
    }

    public ParamSpec asOptional() {
        return new ParamSpec(name, positional, type, description, false, defaultValue, choices, aliases,
                valueOptional, declaredRange);
    }

    public ParamSpec defaultsTo(String value) {
        return new ParamSpec(name, positional, type, description, false, value, choices, aliases, valueOptional,
                declaredRange);
    }

    public ParamSpec choices(String... values) {
        return new ParamSpec(name, positional, ParamType.ENUM, description, required, defaultValue, List.of(values),
                aliases, valueOptional, declaredRange);
    }

    public ParamSpec alias(String... names) {
        return new ParamSpec(name, positional, type, description, required, defaultValue, choices, List.of(names),
                valueOptional, declaredRange);
    }

    public ParamSpec withOptionalValue() {
        return new ParamSpec(name, positional, type, description, required, defaultValue, choices, aliases, true,
                declaredRange);
    }

    /** Accepts only values in {@code min..max} (inclusive). */
    public ParamSpec between(long min, long max) {
        return within(Range.of(min, max));
    }

    public ParamSpec within(Range range) {
        return new ParamSpec(name, positional, type, description, required, defaultValue, choices, aliases,
                valueOptional, range);
    }

    /** The values a numeric parameter accepts: the declared range or its type's default; null for other types. */
    public Range range() {
        return switch (type) {
            case INTEGER -> declaredRange != null ? declaredRange : Range.DEFAULT_INTEGER;
            case NUMBER -> declaredRange != null ? declaredRange : Range.DEFAULT_NUMBER;
            default -> null;
        };
    }

    /** Whether {@code word}, following this option, is its value rather than the next positional. */
    public boolean takesAsOptionalValue(String word) {
        return !word.startsWith("-") && (word.contains("=") || word.startsWith("@"));
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
