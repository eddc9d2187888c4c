package dev.uictl.core.schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.uictl.core.json.Json;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Derives a JSON Schema (draft 2020-12) from an output record, following the same rules the mapper uses to write
 * it: snake_case names, {@link Nullable} components optional, everything else required, no extra properties.
 */
public final class SchemaGenerator {
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

    private final ObjectNode defs = Json.object();

    /** The schema document for {@code type} named {@code id}; nested records land in $defs. */
    public static ObjectNode document(String id, String description, Class<?> type) {
        SchemaGenerator g = new SchemaGenerator();
        ObjectNode root = Json.object();
        root.put("$schema", DIALECT);
        root.put("$id", "https://uictl.dev/schema/" + id + ".json");
        root.put("title", id);
        if (!description.isEmpty()) {
            root.put("description", description);
        }
        ObjectNode body = g.recordBody(type);
        root.setAll(body);
        if (!g.defs.isEmpty()) {
            root.set("$defs", g.defs);
        }
        return root;
    }

    private ObjectNode schemaFor(Type type) {
        ObjectNode s = Json.object();
        if (type instanceof Class<?> c) {
            if (c == String.class || c == Character.class || c == char.class) {
                s.put("type", "string");
            } else if (c == int.class || c == long.class || c == short.class || c == Integer.class
                    || c == Long.class || c == Short.class) {
                s.put("type", "integer");
            } else if (c == double.class || c == float.class || c == Double.class || c == Float.class) {
                s.put("type", "number");
            } else if (c == boolean.class || c == Boolean.class) {
                s.put("type", "boolean");
            } else if (c.isEnum()) {
                s.put("type", "string");
                ArrayNode values = s.putArray("enum");
                for (Object constant : c.getEnumConstants()) {
                    values.add(Json.tree(constant).asString());
                }
            } else if (c.isRecord()) {
                String name = c.getSimpleName();
                if (!defs.has(name)) {
                    defs.putObject(name);
                    defs.set(name, recordBody(c));
                }
                s.put("$ref", "#/$defs/" + name);
            } else if (c.isArray() && c.getComponentType() == byte.class) {
                s.put("type", "string");
            } else if (c.isArray()) {
                s.put("type", "array");
                s.set("items", schemaFor(c.getComponentType()));
            } else if (c == Object.class || JsonNode.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
                if (Map.class.isAssignableFrom(c)) {
                    s.put("type", "object");
                }
            } else {
                throw new IllegalArgumentException("no schema mapping for " + c.getName());
            }
        } else if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) {
                s.put("type", "array");
                s.set("items", schemaFor(args[0]));
            } else if (Map.class.isAssignableFrom(raw)) {
                s.put("type", "object");
                ObjectNode values = schemaFor(args[1]);
                if (!values.isEmpty()) {
                    s.set("additionalProperties", values);
                }
            } else {
                throw new IllegalArgumentException("no schema mapping for " + type);
            }
        } else if (!(type instanceof WildcardType)) {
            throw new IllegalArgumentException("no schema mapping for " + type);
        }
        return s;
    }

    private ObjectNode recordBody(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        ObjectNode body = Json.object();
        body.put("type", "object");
        Describe d = type.getAnnotation(Describe.class);
        if (d != null) {
            body.put("description", d.value());
        }
        ObjectNode props = body.putObject("properties");
        List<String> required = new ArrayList<>();
        for (RecordComponent rc : type.getRecordComponents()) {
            if (rc.isAnnotationPresent(JsonIgnore.class) || rc.getAccessor().isAnnotationPresent(JsonIgnore.class)) {
                continue;
            }
            String name = wireName(rc);
            ObjectNode ps = schemaFor(rc.getGenericType());
            Describe pd = rc.getAnnotation(Describe.class);
            if (pd != null) {
                ps.put("description", pd.value());
            }
            props.set(name, ps);
            if (!rc.isAnnotationPresent(Nullable.class) && !rc.getAccessor().isAnnotationPresent(Nullable.class)) {
                required.add(name);
            }
        }
        ArrayNode req = body.putArray("required");
        required.forEach(req::add);
        body.put("additionalProperties", false);
        return body;
    }

    static String wireName(RecordComponent rc) {
        JsonProperty jp = rc.getAnnotation(JsonProperty.class);
        if (jp == null) {
            jp = rc.getAccessor().getAnnotation(JsonProperty.class);
        }
        if (jp != null && !jp.value().isEmpty()) {
            return jp.value();
        }
        return snakeCase(rc.getName());
    }

    /** The same translation as the mapper's SNAKE_CASE strategy: an underscore before each new upper-case run. */
    static String snakeCase(String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        boolean previousUpper = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean upper = Character.isUpperCase(c);
            if (upper && i > 0 && !previousUpper && out.charAt(out.length() - 1) != '_') {
                out.append('_');
            }
            out.append(upper ? Character.toLowerCase(c) : c);
            previousUpper = upper;
        }
        return out.toString();
    }
}
