package dev.uictl.app.scenario;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Helpers of the scenario tests: policies, scenario files, runs through the dispatcher, artifact readers. */
final class Scenarios {
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    static final Path FIXTURE = HOME.resolve("fixtures/tui_fixture.py");

    private Scenarios() {
    }

    /** An unsandboxed policy (the programs here need their whole system), with the acknowledgements. */
    static Map<String, Object> unsandboxed(Path workDir, String... executables) {
        return Map.of("policy_version", 1, "sandbox", "none", "sandbox_unsafe_ack", true,
                "network", "disabled", "network_unsafe_ack", true,
                "fs", Map.of("working_dir", workDir.toString(), "allowed_read", List.of(workDir.toString()),
                        "allowed_write", List.of(workDir.toString())), "fs_write_unsafe_ack", true,
                "exec", Map.of("allowed_executables", List.of(executables), "allow_shell", false),
                "env", Map.of("allowlist", List.of("LANG", "HOME"), "set", Map.of("LANG", "C.UTF-8",
                        "HOME", workDir.toString()), "inherit", false));
    }

    /** A scenario document; steps are JSON objects written as text. */
    static String scenario(String name, List<String> argv, Object policy, int rows, int cols, String... steps) {
        Map<String, Object> run = new java.util.LinkedHashMap<>();
        run.put("command", argv.getFirst());
        run.put("args", argv.subList(1, argv.size()));
        run.put("initial_size", Map.of("rows", rows, "cols", cols));
        run.put("policy", policy);
        String head = Json.write(Map.of("scenario_version", 1, "metadata", Map.of("name", name), "run", run));
        return head.substring(0, head.length() - 1) + ",\"steps\":[" + String.join(",", steps) + "]}";
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Run(UictlRun.Output output, JsonNode envelope) {
        boolean passed() {
            return envelope.get("success").asBoolean();
        }

        JsonNode result() {
            return passed() ? envelope.get("data") : envelope.path("error").path("details").path("run_result");
        }

        String errorCode() {
            return envelope.path("error").path("code").asString("");
        }
    }

    static Run run(String... argv) {
        return withInput("", argv);
    }

    static Run withInput(String stdin, String... argv) {
        UictlRun.Output out = UictlRun.run(Map.of(), stdin, argv);
        return new Run(out, ContractAssert.envelope(out));
    }

    /** A file another process is writing: its text so far, empty while it does not exist. */
    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode json(Path file) {
        try {
            return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<JsonNode> jsonl(Path file) {
        try {
            List<JsonNode> out = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isEmpty()) {
                    out.add(Json.parse(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SHA-256 computed here, independently of the product's writer. */
    static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every file of an artifact set parses and matches checksums.json; returns the number of files checked. */
    static int assertComplete(Path dir) {
        JsonNode sums = json(dir.resolve("checksums.json"));
        if (!"sha256".equals(sums.path("algorithm").asString())) {
            throw new AssertionError("checksums.json algorithm: " + sums);
        }
        int n = 0;
        for (var e : sums.path("files").properties()) {
            Path p = dir.resolve(e.getKey());
            String actual = sha256(p);
            if (!actual.equals(e.getValue().asString())) {
                throw new AssertionError(e.getKey() + " does not match checksums.json");
            }
            if (e.getKey().endsWith(".json")) {
                json(p);
            } else if (e.getKey().endsWith(".jsonl")) {
                jsonl(p);
            } else {
                try {
                    for (String line : Files.readAllLines(p)) {
                        if (!line.isEmpty()) {
                            Json.parse(line.substring(line.indexOf(' ', line.indexOf(' ') + 1) + 1));
                        }
                    }
                } catch (IOException ex) {
                    throw new UncheckedIOException(ex);
                }
            }
            n++;
        }
        for (String required : List.of("run.json", "policy.json", "scenario.json", "transcript.log", "events.jsonl",
                "normalization.json")) {
            if (!sums.path("files").has(required)) {
                throw new AssertionError(required + " is missing from " + dir);
            }
        }
        return n;
    }

    static String step(String id, String action, String payload, String asserts, long timeoutMs, int retries) {
        return "{\"id\":" + Json.write(id) + ",\"action\":{\"type\":\"" + action + "\",\"payload\":" + payload
                + "},\"assert\":[" + asserts + "],\"timeout_ms\":" + timeoutMs + ",\"retries\":" + retries + "}";
    }

    static String text(String id, String text, String asserts) {
        return step(id, "text", "{\"text\":" + Json.write(text) + "}", asserts, 5000, 0);
    }

    static String key(String id, String key, String asserts) {
        return step(id, "key", "{\"key\":" + Json.write(key) + "}", asserts, 5000, 0);
    }

    static String waitText(String id, String text) {
        return step(id, "wait", "{\"condition\":{\"type\":\"screen_contains\",\"payload\":{\"text\":" + Json.write(text)
                + "}}}", "", 10000, 0);
    }

    static String waitExit(String id, int code) {
        return step(id, "wait", "{\"condition\":{\"type\":\"process_exited\",\"payload\":{}}}",
                "{\"type\":\"exit_code\",\"payload\":{\"code\":" + code + "}}", 10000, 0);
    }

    static String contains(String text) {
        return "{\"type\":\"screen_contains\",\"payload\":{\"text\":" + Json.write(text) + "}}";
    }
}
