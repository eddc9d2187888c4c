package dev.uictl.commands.meta;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.schema.InputSchemas;
import dev.uictl.core.schema.SchemaGenerator;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The HTTP envelope API as an OpenAPI 3.1 document, generated from the registry like the MCP tools and the docs: one
 * operation, POST /v1/call, whose body is one command's call ({"command": NAME, "args": {...}}, the form serve and
 * batch take) and whose answer is that command's envelope. The request is a oneOf with a discriminator on
 * "command", one variant per command a call can run, each with the command's input schema as "args" (the same
 * InputSchemas the MCP tools use) and the name of its data schema in "x-uictl-data". Every schema the envelope and
 * the data types use is hoisted into components/schemas, with its $refs rewritten to point there.
 */
public final class OpenApi {
    public static final String CALL_PATH = "/v1/call";
    public static final String DOCUMENT_PATH = "/v1/openapi.json";
    private static final String COMPONENTS = "#/components/schemas/";

    private OpenApi() {
    }

    /** The document for this registry; a plain function of it, so every surface serves the same text. */
    public static ObjectNode document(CommandRegistry registry) {
        ObjectNode doc = Json.object();
        doc.put("openapi", "3.1.0");
        ObjectNode info = doc.putObject("info");
        info.put("title", "uictl HTTP envelope API");
        info.put("version", VersionCommand.VERSION);
        info.put("description", "Every command of the uictl registry that can run inside a call, through one "
                + "operation: POST a command's name and its arguments, get its envelope (the same JSON the command "
                + "line prints). A failed command is still HTTP 200 with success false and error.code, error.hint "
                + "and error.delivery; HTTP errors are kept for the transport (authentication, malformed JSON). "
                + "Commands that own a terminal or the session's streams, or manage the daemon (term attach, serve, "
                + "mcp, driver, daemon run/stop/restart), are not part of it.");
        ObjectNode schemas = Json.object();
        Hoister hoister = new Hoister(schemas);
        hoister.add("Envelope", SchemaGenerator.document("envelope", "The envelope every command answers",
                Envelope.class));
        for (OutputType t : registry.outputTypes().values()) {
            hoister.add(t.name(), SchemaGenerator.document(t.name(), t.description(), t.type()));
        }
        ObjectNode request = Json.object();
        request.put("description", "One command's call: its name (words separated by one space) and its arguments, "
                + "named as declared");
        ArrayNode oneOf = request.putArray("oneOf");
        ObjectNode discriminator = request.putObject("discriminator");
        discriminator.put("propertyName", "command");
        ObjectNode mapping = discriminator.putObject("mapping");
        for (CommandSpec spec : registry.specs()) {
            if (!spec.nestable()) {
                continue;
            }
            String name = "call." + spec.name().replace(' ', '_');
            schemas.set(name, call(spec));
            oneOf.addObject().put("$ref", COMPONENTS + name);
            mapping.put(spec.name(), COMPONENTS + name);
        }
        schemas.set("CallRequest", request);
        doc.set("paths", paths());
        ObjectNode components = doc.putObject("components");
        components.set("schemas", schemas);
        components.putObject("securitySchemes").putObject("bearer").put("type", "http").put("scheme", "bearer")
                .put("description", "A bearer token or an issuer's JWT, as the server is configured");
        doc.putArray("security").addObject().putArray("bearer");
        return doc;
    }

    private static ObjectNode call(CommandSpec spec) {
        ObjectNode s = Json.object();
        s.put("type", "object");
        s.put("description", spec.summary());
        ObjectNode properties = s.putObject("properties");
        properties.putObject("command").put("const", spec.name());
        properties.set("args", InputSchemas.of(spec));
        ArrayNode required = s.putArray("required").add("command");
        if (spec.params().stream().anyMatch(p -> p.required())) {
            required.add("args");
        }
        s.put("additionalProperties", false);
        s.put("x-uictl-data", COMPONENTS + spec.output().name());
        return s;
    }

    private static ObjectNode paths() {
        ObjectNode paths = Json.object();
        ObjectNode call = paths.putObject(CALL_PATH).putObject("post");
        call.put("operationId", "call");
        call.put("summary", "Run one command and answer its envelope");
        ObjectNode body = call.putObject("requestBody");
        body.put("required", true);
        body.putObject("content").putObject("application/json").putObject("schema").put("$ref",
                COMPONENTS + "CallRequest");
        ObjectNode ok = call.putObject("responses").putObject("200");
        ok.put("description", "The command's envelope, success or failure; data is typed by the command's "
                + "x-uictl-data schema");
        ok.putObject("content").putObject("application/json").putObject("schema").put("$ref", COMPONENTS + "Envelope");
        ObjectNode get = paths.putObject(DOCUMENT_PATH).putObject("get");
        get.put("operationId", "openapi");
        get.put("summary", "This document");
        get.putArray("security").addObject(); // readable without credentials, like any API description
        ObjectNode described = get.putObject("responses").putObject("200");
        described.put("description", "The OpenAPI 3.1 document of this API");
        described.putObject("content").putObject("application/json").putObject("schema").put("type", "object");
        return paths;
    }

    /**
     * Moves each generated document's $defs into components/schemas and points its $refs there. A definition name
     * already taken by a different schema is qualified by its document ("term-screen.Cell"), so two records of the
     * same simple name never merge.
     */
    private record Hoister(ObjectNode schemas) {
        void add(String name, ObjectNode document) {
            Map<String, String> renamed = new HashMap<>();
            JsonNode defs = document.remove("$defs");
            if (defs != null) {
                defs.properties().forEach(e -> {
                    String target = e.getKey();
                    JsonNode taken = schemas.get(target);
                    if (taken != null && !taken.equals(e.getValue())) {
                        target = name + "." + e.getKey();
                    }
                    renamed.put(e.getKey(), target);
                });
                // put only after every name is decided: a def's own $refs are rewritten with the same renames
                defs.properties().forEach(e -> schemas.set(renamed.get(e.getKey()), rewrite(e.getValue(), renamed)));
            }
            document.remove("$schema");
            document.remove("$id");
            schemas.set(name, rewrite(document, renamed));
        }

        private static JsonNode rewrite(JsonNode node, Map<String, String> renamed) {
            if (node.isObject()) {
                ObjectNode out = Json.object();
                node.properties().forEach(e -> {
                    if (e.getKey().equals("$ref") && e.getValue().asString().startsWith("#/$defs/")) {
                        String def = e.getValue().asString().substring("#/$defs/".length());
                        out.put("$ref", COMPONENTS + renamed.getOrDefault(def, def));
                    } else {
                        out.set(e.getKey(), rewrite(e.getValue(), renamed));
                    }
                });
                return out;
            }
            if (node.isArray()) {
                ArrayNode out = Json.mapper().createArrayNode();
                node.forEach(n -> out.add(rewrite(n, renamed)));
                return out;
            }
            return node;
        }
    }
}
