package dev.uictl.commands.scenario;

import dev.uictl.core.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON Schemas of the input formats of scripted runs (scenario files and policies), listed by `uictl schema`
 * beside the output types. They are written by hand next to the parsers, which are the reference.
 */
public final class ScenarioSchemas {
    private ScenarioSchemas() {
    }

    public static Map<String, Object> all() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scenario", load("scenario.schema.json"));
        out.put("policy", load("policy.schema.json"));
        return out;
    }

    private static Object load(String name) {
        try (InputStream in = ScenarioSchemas.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return Json.mapper().readValue(in, Object.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
