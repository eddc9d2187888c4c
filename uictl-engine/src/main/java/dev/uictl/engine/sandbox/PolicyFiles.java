package dev.uictl.engine.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads a policy (or scenario) document into plain Java values for the library's parsers: JSON, or YAML when the
 * file is named .yaml/.yml. Bounded: a document larger than {@link #MAX_BYTES} is refused before parsing.
 */
public final class PolicyFiles {
    public static final long MAX_BYTES = 1 << 20;
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final ObjectMapper YAML = YAMLMapper.builder().build();

    private PolicyFiles() {
    }

    /** The document as maps/lists/strings/numbers/booleans; an INVALID_ARGS failure when unreadable. */
    public static Object read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw SandboxErrors.policyFile(file.toString(), "not a regular file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw SandboxErrors.policyFile(file.toString(), "larger than " + MAX_BYTES + " bytes");
            }
            String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            ObjectMapper mapper = name.endsWith(".yaml") || name.endsWith(".yml") ? YAML : JSON;
            return mapper.readValue(Files.readAllBytes(file), Object.class);
        } catch (IOException e) {
            throw SandboxErrors.policyFile(file.toString(), e.getMessage());
        } catch (JacksonException e) {
            throw SandboxErrors.policyFile(file.toString(), e.getOriginalMessage());
        }
    }
}
