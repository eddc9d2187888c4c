package dev.uictl.app;

import dev.uictl.core.json.Json;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * What the module's tests saw the in-process dispatcher answer: per command, the error codes it returned, and
 * every hint shown. {@link UictlRun} feeds it; {@code DeclaredErrorsTest}, run last, compares it with the
 * registry's declared errors and parses every hint against the registry.
 */
public final class ContractLedger {
    private static final Map<String, Set<String>> CODES = new ConcurrentHashMap<>();
    private static final Set<String> HINTS = ConcurrentHashMap.newKeySet();
    private static final Set<String> COMMANDS = ConcurrentHashMap.newKeySet();

    private ContractLedger() {
    }

    /** Records every envelope among the output's lines (one call, a stream, or serve's replies). */
    static void record(String stdout) {
        stdout.lines().filter(l -> l.startsWith("{")).forEach(line -> {
            try {
                record(Json.parse(line));
            } catch (RuntimeException notJson) {
                // text formats and partial lines are not envelopes
            }
        });
    }

    /** Records only the failures with {@code code} among the output's envelopes. */
    static void recordOnly(String stdout, String code) {
        stdout.lines().filter(l -> l.startsWith("{") && l.contains("\"" + code + "\"")).forEach(line -> {
            try {
                JsonNode e = Json.parse(line);
                if (code.equals(e.path("error").path("code").asString(""))) {
                    record(e);
                }
            } catch (RuntimeException notJson) {
                // text formats and partial lines are not envelopes
            }
        });
    }

    /**
     * Records the error codes of a streaming command's protocol messages (driver responses are not envelopes but
     * carry the same error object): what its users see, so what it declares.
     */
    public static void recordMessageErrors(String command, String stdout) {
        stdout.lines().filter(l -> l.startsWith("{")).forEach(line -> {
            JsonNode code = Json.parse(line).path("error").path("code");
            if (code.isString()) {
                COMMANDS.add(command);
                CODES.computeIfAbsent(command, c -> ConcurrentHashMap.newKeySet()).add(code.asString());
            }
        });
    }

    private static void record(JsonNode e) {
        if (e == null || !e.has("success") || !e.has("command")) {
            return;
        }
        String command = e.get("command").asString();
        COMMANDS.add(command);
        if (!e.get("success").asBoolean() && e.has("error")) {
            JsonNode error = e.get("error");
            CODES.computeIfAbsent(command, c -> ConcurrentHashMap.newKeySet()).add(error.get("code").asString());
            if (error.has("hint") && !error.get("hint").isNull()) {
                HINTS.add(error.get("hint").asString());
            }
            JsonNode items = error.path("details").path("results");
            items.forEach(ContractLedger::record);
        }
        if (e.has("data") && e.get("data").has("results")) {
            e.get("data").get("results").forEach(ContractLedger::record);
        }
    }

    public static Map<String, Set<String>> codes() {
        return Map.copyOf(CODES);
    }

    public static Set<String> hints() {
        return Set.copyOf(HINTS);
    }

    public static Set<String> commands() {
        return Set.copyOf(COMMANDS);
    }
}
