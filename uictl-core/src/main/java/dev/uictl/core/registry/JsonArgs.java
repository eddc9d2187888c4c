package dev.uictl.core.registry;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Binds a JSON object of arguments ({@code {"text":"hi","delay":20}}) straight to {@link Args}, without spelling an
 * argv: names are the parameters' names (snake_case accepted for kebab-case), positionals and options alike; each
 * value goes through {@link ParamValues} like a command-line word does. The input schema MCP and capabilities show
 * ({@code dev.uictl.core.schema.InputSchemas}) describes exactly what this accepts.
 */
public final class JsonArgs {
    private JsonArgs() {
    }

    /** @param args an object, or null / JSON null for no arguments */
    public static Args bind(CommandSpec spec, JsonNode args) {
        String command = spec.name();
        Map<String, JsonNode> given = new HashMap<>();
        if (args != null && !args.isNull() && !args.isMissingNode()) {
            if (!args.isObject()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "arguments of '" + command + "' must be an object")
                        .withHint("Run `uictl capabilities --command " + command + "` for its parameters.");
            }
            for (var e : args.properties()) {
                String name = e.getKey().replace('_', '-');
                if (spec.params().stream().noneMatch(p -> p.name().equals(name))) {
                    throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown argument '" + e.getKey() + "' for '"
                                    + command + "'")
                            .withHint("Run `uictl " + command + " --help` for the accepted arguments.")
                            .withDetail("unmatched", List.of(e.getKey()))
                            .withDetail("accepted", spec.params().stream().map(ParamSpec::name).toList());
                }
                given.put(name, e.getValue());
            }
        }
        Map<String, Object> values = new HashMap<>();
        for (ParamSpec p : spec.params()) {
            JsonNode v = given.get(p.name());
            Object value = v == null || v.isNull() ? null : convert(command, p, v);
            if (value == null) {
                value = ParamValues.defaultOf(p);
            }
            if (value != null && !(value instanceof List<?>)) {
                ParamValues.check(command, p, value);
            }
            if (value != null && !(p.isFlag() && Boolean.FALSE.equals(value))) {
                values.put(p.name(), value);
            }
        }
        ParamValues.requireAll(spec, values);
        return new Args(values);
    }

    private static Object convert(String command, ParamSpec p, JsonNode v) {
        if (p.valueOptional() && v.isBoolean()) {
            // given alone on the command line ("--wait-window") reads as the empty string; false means not given
            return v.asBoolean() ? "" : null;
        }
        if (p.isList()) {
            List<String> items = new ArrayList<>();
            if (v.isArray()) {
                for (JsonNode item : v) {
                    items.add(scalarText(command, p, item));
                }
            } else {
                items.add(scalarText(command, p, v));
            }
            return List.copyOf(items);
        }
        if (p.type() == ParamType.BOOLEAN) {
            if (!v.isBoolean()) {
                throw ParamValues.invalid(command, p, shown(v), ParamValues.expected(p));
            }
            return v.asBoolean();
        }
        if ((p.type() == ParamType.INTEGER || p.type() == ParamType.NUMBER) && v.isNumber()) {
            if (p.type() == ParamType.NUMBER) {
                return v.asDouble();
            }
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                return v.asLong();
            }
            throw ParamValues.invalid(command, p, shown(v), ParamValues.expected(p));
        }
        return ParamValues.fromText(command, p, scalarText(command, p, v));
    }

    private static String shown(JsonNode v) {
        return v.isString() ? v.asString() : v.toString();
    }

    /** A string, or a number given where text is expected (a selector "pid=1" is text, a bare 42 too). */
    private static String scalarText(String command, ParamSpec p, JsonNode v) {
        if (v.isString()) {
            return v.asString();
        }
        if (v.isNumber()) {
            return v.asString();
        }
        throw ParamValues.invalid(command, p, shown(v), ParamValues.expected(p));
    }
}
