package dev.uictl.commands.daemon;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.ParamSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns one structured request — {@code {"argv":[...]}} or {@code {"command":"x","args":{...}}} — into the argv the
 * dispatcher parses, so `serve --stdio` and `batch` accept exactly what the CLI accepts. Which commands may run
 * nested is the dispatcher's rule ({@link dev.uictl.core.registry.CommandSpec#nestable()}), not this class's.
 */
final class RequestLine {
    private RequestLine() {
    }

    static List<String> argv(JsonNode request, CommandRegistry registry) {
        if (request.has("argv")) {
            JsonNode argv = request.get("argv");
            if (!argv.isArray() || argv.isEmpty()) {
                throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "'argv' must be a non-empty array of strings");
            }
            List<String> out = new ArrayList<>();
            for (JsonNode a : argv) {
                if (!a.isString() && !a.isNumber()) {
                    throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "'argv' must contain only strings");
                }
                out.add(a.asString());
            }
            return out;
        }
        if (request.has("command") && request.get("command").isString()) {
            String name = request.get("command").asString();
            Command command = registry.find(name).orElseThrow(() ->
                    UictlException.of(ErrorCode.INVALID_ARGS, "unknown command '" + name + "'")
                            .withHint("Run `uictl capabilities --compact` to list command names."));
            List<String> out = new ArrayList<>(List.of(name.split(" ")));
            JsonNode args = request.get("args");
            if (args != null && !args.isNull()) {
                if (!args.isObject()) {
                    throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "'args' must be an object");
                }
                appendArgs(command, args, out);
            }
            return out;
        }
        throw UictlException.of(ErrorCode.PROTOCOL_ERROR, "a request needs 'argv' or 'command'");
    }

    private static void appendArgs(Command command, JsonNode args, List<String> out) {
        List<String> positionals = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : args.properties()) {
            String key = e.getKey().replace('_', '-');
            JsonNode v = e.getValue();
            ParamSpec p = command.spec().params().stream().filter(x -> x.name().equals(key)).findFirst()
                    .orElseThrow(() -> UictlException.of(ErrorCode.INVALID_ARGS, "'" + command.spec().name()
                                    + "' has no parameter '" + e.getKey() + "'")
                            .withHint("Run `uictl capabilities --command " + command.spec().name() + "`."));
            if (p.positional()) {
                continue;
            }
            if (p.isFlag() || p.valueOptional() && v.isBoolean()) {
                if (v.asBoolean()) {
                    out.add("--" + p.name());
                }
            } else if (p.valueOptional()) {
                out.add("--" + p.name() + "=" + v.asString());
            } else if (v.isArray()) {
                for (JsonNode item : v) {
                    out.add("--" + p.name());
                    out.add(item.asString());
                }
            } else {
                out.add("--" + p.name());
                out.add(v.asString());
            }
        }
        for (ParamSpec p : command.spec().params()) {
            JsonNode v = args.get(p.name());
            if (v == null) {
                v = args.get(p.name().replace('-', '_'));
            }
            if (p.positional() && v != null) {
                if (v.isArray()) {
                    v.forEach(item -> positionals.add(item.asString()));
                } else {
                    positionals.add(v.asString());
                }
            }
        }
        if (!positionals.isEmpty()) {
            out.add("--");
            out.addAll(positionals);
        }
    }
}
