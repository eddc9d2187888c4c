package dev.uictl.core.registry;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.List;

/**
 * Converts and checks one parameter's value the same way on every surface: the command line hands it text, serve,
 * batch and MCP hand it JSON ({@link JsonArgs}). Both end here, so a bad value fails with the same code, message,
 * hint and details whichever way it came.
 */
public final class ParamValues {
    private ParamValues() {
    }

    /** A command-line word as the parameter's declared type. */
    public static Object fromText(String command, ParamSpec p, String text) {
        try {
            return switch (p.type()) {
                case INTEGER -> Long.parseLong(text.strip());
                case NUMBER -> parseNumber(text.strip());
                case BOOLEAN -> parseBoolean(text.strip());
                case STRING, ENUM, PATH, STRING_LIST -> text;
            };
        } catch (IllegalArgumentException e) {
            throw invalid(command, p, text, expected(p));
        }
    }

    /** Rejects a value outside what the parameter accepts (enum choices, numeric ranges). */
    public static void check(String command, ParamSpec p, Object value) {
        if (value instanceof Number n && !p.range().contains(n)) {
            Range range = p.range();
            throw UictlException.of(ErrorCode.INVALID_ARGS, p.label() + " must be in " + range.text() + ", got " + n)
                    .withHint("Run `uictl " + command + " --help` for the accepted ranges.")
                    .withDetail("parameter", p.name()).withDetail("value", n)
                    .withDetail("range", range.text());
        }
        boolean givenAlone = p.valueOptional() && value.toString().isEmpty();
        if (p.type() == ParamType.ENUM && !givenAlone && !p.choices().contains(value.toString())) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "invalid value '" + value + "' for " + p.label()
                            + "; expected one of " + String.join(", ", p.choices()))
                    .withHint("Use " + p.label() + " " + p.choices().getFirst() + ".")
                    .withDetail("parameter", p.name()).withDetail("accepted", p.choices());
        }
    }

    /** Fails with every required parameter that has no value, the same way for every surface. */
    public static void requireAll(CommandSpec spec, java.util.Map<String, Object> values) {
        List<String> missing = spec.params().stream().filter(p -> p.required() && !values.containsKey(p.name()))
                .map(ParamSpec::label).toList();
        if (!missing.isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "missing required argument"
                            + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing) + " for '"
                            + spec.name() + "'")
                    .withHint("Run `uictl " + spec.name() + " --help` for the required arguments.")
                    .withDetail("missing", missing);
        }
    }

    /** The declared default as a typed value, or null. */
    public static Object defaultOf(ParamSpec p) {
        if (p.defaultValue() == null) {
            return null;
        }
        return switch (p.type()) {
            case INTEGER -> Long.parseLong(p.defaultValue());
            case NUMBER -> Double.parseDouble(p.defaultValue());
            case BOOLEAN -> Boolean.parseBoolean(p.defaultValue());
            case STRING_LIST -> List.of(p.defaultValue().split(","));
            case STRING, ENUM, PATH -> p.defaultValue();
        };
    }

    static UictlException invalid(String command, ParamSpec p, String shown, String expected) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "invalid value '" + shown + "' for " + p.label()
                        + ": expected " + expected)
                .withHint("Run `uictl " + command + " --help` for the accepted arguments.")
                .withDetail("parameter", p.name());
    }

    static String expected(ParamSpec p) {
        return switch (p.type()) {
            case INTEGER -> "an integer" + within(p);
            case NUMBER -> "a number" + within(p);
            case BOOLEAN -> "true or false";
            case STRING_LIST -> "a list of strings";
            case ENUM -> "one of " + String.join(", ", p.choices());
            case STRING, PATH -> "a string";
        };
    }

    private static String within(ParamSpec p) {
        return p.range() == null ? "" : " in " + p.range().text();
    }

    private static double parseNumber(String text) {
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            throw new NumberFormatException("not finite");
        }
        return d;
    }

    private static boolean parseBoolean(String text) {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(text);
        };
    }
}
