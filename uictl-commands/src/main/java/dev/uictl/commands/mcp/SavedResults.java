package dev.uictl.commands.mcp;

import dev.uictl.core.file.ArtifactFile;
import dev.uictl.core.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import tools.jackson.databind.node.ObjectNode;

/**
 * The whole envelopes of one session's results that were too large to answer: each in a private file (0600, written
 * atomically) and offered as an MCP resource ({@code uictl://mcp-results/NAME}), so a host that cannot read the
 * server's files (a remote one) can still fetch it with resources/read. Only what this session saved can be read.
 */
final class SavedResults {
    static final String URI_PREFIX = "uictl://mcp-results/";
    static final String MIME_TYPE = "application/json";

    /** One saved envelope. */
    record Saved(String uri, String name, Path file, long bytes) {
        /** As MCP describes a resource (resources/list, resource_link content). */
        ObjectNode describe() {
            ObjectNode r = Json.object();
            r.put("uri", uri);
            r.put("name", name);
            r.put("description", "The whole envelope of a tool result too large to answer");
            r.put("mimeType", MIME_TYPE);
            r.put("size", bytes);
            return r;
        }
    }

    private final Supplier<Path> newFile;
    private final Map<String, Saved> byUri = new ConcurrentHashMap<>();

    /** @param newFile a fresh private path for each envelope */
    SavedResults(Supplier<Path> newFile) {
        this.newFile = newFile;
    }

    /** Writes {@code json} to a fresh private file; a failure is the UictlException ArtifactFile throws. */
    Saved save(byte[] json) {
        Path file = newFile.get();
        ArtifactFile.write(file, json);
        String name = file.getFileName().toString();
        Saved saved = new Saved(URI_PREFIX + name, name, file, json.length);
        byUri.put(saved.uri(), saved);
        return saved;
    }

    List<Saved> list() {
        return byUri.values().stream().sorted(Comparator.comparing(Saved::name)).toList();
    }

    /** The text of a saved envelope; empty when this session saved none by that URI or its file is gone. */
    Optional<String> read(String uri) {
        Saved saved = byUri.get(uri);
        if (saved == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(saved.file(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
