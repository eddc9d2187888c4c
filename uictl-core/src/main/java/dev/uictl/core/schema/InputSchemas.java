package dev.uictl.core.schema;

import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamValues;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema (draft 2020-12 vocabulary, valid as draft-07 too) of a command's structured arguments: what
 * {@code dev.uictl.core.registry.JsonArgs} binds, shown as MCP tool input schemas and by capabilities. Every
 * parameter is a property named as declared; required parameters are required; nothing else is accepted.
 */
public final class InputSchemas {
    private InputSchemas() {
    }

    public static ObjectNode of(CommandSpec spec) {
        ObjectNode schema = Json.object();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = Json.mapper().createArrayNode();
        for (ParamSpec p : spec.params()) {
            properties.set(p.name(), property(p));
            if (p.required()) {
                required.add(p.name());
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    /** One parameter's schema; a new constraint on ParamSpec (minimum, maximum, pattern) is one line here. */
    static ObjectNode property(ParamSpec p) {
        ObjectNode s = Json.object();
        if (p.isList()) {
            s.put("type", "array");
            s.putObject("items").put("type", "string");
        } else {
            s.put("type", p.type().jsonType());
        }
        if (!p.choices().isEmpty()) {
            ArrayNode values = s.putArray("enum");
            if (p.valueOptional()) {
                values.add(""); // given without a value
            }
            p.choices().forEach(values::add);
        }
        Object def = ParamValues.defaultOf(p);
        if (def != null) {
            s.set("default", Json.tree(def));
        }
        String description = p.description() == null ? "" : p.description();
        if (p.valueOptional()) {
            // one type, not a string|boolean union: several model providers and strict validators reject unions
            description += (description.isEmpty() ? "" : "; ") + "\"\" means given without a value (true does too)";
        }
        if (!description.isEmpty()) {
            s.put("description", description);
        }
        return s;
    }
}
