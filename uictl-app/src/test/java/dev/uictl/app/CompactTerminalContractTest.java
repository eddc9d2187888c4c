package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The compact terminal outputs through the dispatcher and renderer (issue 15 item 5), each validated against the
 * envelope and output schemas: --terse on a prompt-and-one-line screen fits 300 bytes and leaves out only what equals
 * the screen before the input (the full screen, asked for afterwards, is the oracle); --diff carries only the rows
 * that changed; --cells gives runs, --cells=full every cell, in one session's same screen.
 */
class CompactTerminalContractTest {
    private final List<String> opened = new ArrayList<>();

    @AfterEach
    void close() {
        opened.forEach(name -> ContractAssert.envelope(run("term", "close", name, "--grace", "200")));
    }

    private void openBash(String name) {
        opened.add(name);
        JsonNode e = ContractAssert.envelope(run("term", "open", "--name", name, "--env", "PS1=$ ", "--wait-text",
                "$ ", "--", "bash", "--norc", "--noprofile", "-i"));
        assertThat(e.get("success").asBoolean()).as(e.toString()).isTrue();
    }

    @Test
    void aTerseKeysResultForAPromptAndOneLineFitsThreeHundredBytes() {
        openBash("terse");
        ContractAssert.envelope(run("term", "type", "terse", "echo hello"));
        UictlRun.Output out = run("--terse", "term", "keys", "terse", "Enter", "--wait-regex", "^hello\\n\\$");
        JsonNode e = ContractAssert.envelope(out);
        assertThat(out.stdout().getBytes(StandardCharsets.UTF_8).length).as(out.stdout()).isLessThanOrEqualTo(300);
        JsonNode screen = e.get("data").get("screen");
        assertThat(e.get("data").has("sent")).isFalse();
        assertThat(screen.has("modes")).isFalse();
        assertThat(screen.has("title")).isFalse();
        JsonNode full = ContractAssert.envelope(run("term", "screen", "terse")).get("data");
        assertThat(screen.get("snapshot_id")).isEqualTo(full.get("snapshot_id"));
        assertThat(screen.get("cursor")).isEqualTo(full.get("cursor"));
        List<String> fullLines = new ArrayList<>();
        full.get("lines").forEach(l -> fullLines.add(l.asString()));
        List<String> terseLines = new ArrayList<>();
        screen.get("lines").forEach(l -> terseLines.add(l.asString()));
        assertThat(terseLines).containsExactly("$ echo hello", "hello", "$");
        assertThat(fullLines.subList(0, 3)).isEqualTo(terseLines);
        assertThat(fullLines.subList(3, fullLines.size())).allMatch(String::isEmpty);
    }

    @Test
    void aDiffCarriesOnlyTheChangedRowsAndTheMovedCursor() {
        openBash("diff");
        String before = ContractAssert.envelope(run("term", "type", "diff", "echo hello")).get("data")
                .get("screen").get("snapshot_id").asString();
        JsonNode data = ContractAssert.envelope(run("term", "keys", "diff", "Enter", "--wait-regex", "^hello\\n\\$",
                "--diff")).get("data");
        assertThat(data.has("screen")).isFalse();
        JsonNode diff = data.get("diff");
        assertThat(diff.get("base").asString()).isEqualTo(before);
        assertThat(diff.get("changed").toString()).isEqualTo("[{\"row\":1,\"text\":\"hello\"},{\"row\":2,\"text\":\"$\"}]");
        assertThat(diff.get("cursor").get("row").asInt()).isEqualTo(2);
        assertThat(diff.has("modes")).isFalse();
        JsonNode waited = ContractAssert.envelope(run("term", "wait", "diff", "--idle", "50", "--since", before,
                "--diff")).get("data").get("diff");
        assertThat(waited.get("changed")).isEqualTo(diff.get("changed"));
    }

    @Test
    void cellsComeAsRunsUnlessFullIsAsked() {
        openBash("cells");
        ContractAssert.envelope(run("term", "type", "cells", "printf '\\033[1;31mred\\033[0m plain\\n'"));
        ContractAssert.envelope(run("term", "keys", "cells", "Enter", "--wait-text", "red plain"));
        JsonNode runs = ContractAssert.envelope(run("term", "screen", "cells", "--cells")).get("data");
        JsonNode full = ContractAssert.envelope(run("term", "screen", "cells", "--cells=full")).get("data");
        JsonNode named = ContractAssert.envelope(run("term", "screen", "cells", "--cells=runs")).get("data");
        assertThat(runs.has("cells")).isFalse();
        assertThat(full.has("runs")).isFalse();
        assertThat(named.get("runs")).isEqualTo(runs.get("runs"));
        assertThat(runs.get("runs").get(1).toString()).isEqualTo("[{\"col\":0,\"text\":\"red\",\"style\":"
                + "{\"fg\":{\"ansi16\":1},\"bold\":true}},{\"col\":4,\"text\":\"plain\"}]");
        JsonNode redCell = full.get("cells").get(1).get(0);
        assertThat(redCell.get("style").get("bold").asBoolean()).isTrue();
        assertThat(run("term", "screen", "cells", "--cells=every").stdout()).contains("INVALID_ARGS");
    }

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(Map.of(), "", argv);
    }
}
