package dev.uictl.core.schema;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Validates a JSON value against the subset of JSON Schema that {@link SchemaGenerator} emits (type, properties,
 * required, additionalProperties, items, enum, local $ref). Returns every violation with its JSON pointer.
 */
public final class SchemaValidator {
    private final JsonNode root;

    private SchemaValidator(JsonNode root) {
        this.root = root;
    }

    public static List<String> validate(JsonNode schema, JsonNode value) {
        List<String> errors = new ArrayList<>();
        new SchemaValidator(schema).check(schema, value, "", errors);
        return errors;
    }

    private void check(JsonNode schema, JsonNode value, String path, List<String> errors) {
        if (schema.has("$ref")) {
            check(resolve(schema.get("$ref").asString()), value, path, errors);
            return;
        }
        if (schema.has("type") && !typeMatches(schema.get("type"), value)) {
            errors.add(pointer(path) + ": expected " + schema.get("type") + " but was "
                    + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            return;
        }
        if (schema.has("enum")) {
            boolean found = false;
            for (JsonNode option : schema.get("enum")) {
                found |= option.equals(value);
            }
            if (!found) {
                errors.add(pointer(path) + ": " + value + " is not one of " + schema.get("enum"));
            }
        }
        if (value.isObject()) {
            checkObject(schema, value, path, errors);
        }
        if (value.isArray() && schema.has("items")) {
            for (int i = 0; i < value.size(); i++) {
                check(schema.get("items"), value.get(i), path + "/" + i, errors);
            }
        }
    }

    private void checkObject(JsonNode schema, JsonNode value, String path, List<String> errors) {
        JsonNode props = schema.get("properties");
        if (schema.has("required")) {
            for (JsonNode r : schema.get("required")) {
                if (!value.has(r.asString())) {
                    errors.add(pointer(path) + ": missing required property '" + r.asString() + "'");
                }
            }
        }
        JsonNode additional = schema.get("additionalProperties");
        for (Iterator<Map.Entry<String, JsonNode>> it = value.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String childPath = path + "/" + e.getKey();
            if (props != null && props.has(e.getKey())) {
                check(props.get(e.getKey()), e.getValue(), childPath, errors);
            } else if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
                errors.add(pointer(path) + ": unexpected property '" + e.getKey() + "'");
            } else if (additional != null && additional.isObject()) {
                check(additional, e.getValue(), childPath, errors);
            }
        }
    }

    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#/")) {
            throw new IllegalArgumentException("only local $ref supported: " + ref);
        }
        JsonNode node = root;
        for (String part : ref.substring(2).split("/")) {
            node = node.get(part);
            if (node == null) {
                throw new IllegalArgumentException("unresolvable $ref " + ref);
            }
        }
        return node;
    }

    /** A type name, or an array of them (any may match). */
    private static boolean typeMatches(JsonNode type, JsonNode v) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (typeMatches(t.asString(), v)) {
                    return true;
                }
            }
            return false;
        }
        return typeMatches(type.asString(), v);
    }

    private static boolean typeMatches(String type, JsonNode v) {
        return switch (type) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isString();
            case "integer" -> v.isIntegralNumber();
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            case "null" -> v.isNull();
            default -> throw new IllegalArgumentException("unknown schema type " + type);
        };
    }

    private static String pointer(String path) {
        return path.isEmpty() ? "/" : path;
    }
}
