package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ServeAndBatchTest {

    @Test
    void serveAnswersEveryLineWithItsIdAndSurvivesMalformedLines() {
        String input = String.join("\n",
                "{\"id\":1,\"argv\":[\"version\"]}",
                "this is not json",
                "[1,2]",
                "{\"id\":\"b\",\"command\":\"capabilities\",\"args\":{\"compact\":true,\"category\":\"daemon\"}}",
                "{\"id\":3,\"command\":\"schema\",\"args\":{\"type\":\"version\"}}",
                "{\"id\":4,\"argv\":[\"nope\"]}",
                "{\"id\":5,\"command\":\"version\",\"args\":{\"bogus\":1}}",
                "{\"id\":6,\"argv\":[\"serve\",\"--stdio\"]}",
                "");
        UictlRun.Output out = UictlRun.run(Map.of(), input, "serve", "--stdio");
        List<JsonNode> replies = out.stdout().lines().map(Json::parse).toList();
        assertThat(replies).hasSize(8);
        for (JsonNode r : replies) {
            ContractAssert.envelope(r.toString(), r.get("success").asBoolean() ? 0
                    : dev.uictl.core.error.ErrorCode.valueOf(r.get("error").get("code").asString()).exitCode());
        }
        assertThat(replies.get(0).get("id").asInt()).isEqualTo(1);
        assertThat(replies.get(0).get("command").asString()).isEqualTo("version");
        assertThat(replies.get(1).get("error").get("code").asString()).isEqualTo("PROTOCOL_ERROR");
        assertThat(replies.get(2).get("error").get("code").asString()).isEqualTo("PROTOCOL_ERROR");
        assertThat(replies.get(3).get("id").asString()).isEqualTo("b");
        assertThat(replies.get(3).get("data").get("filters").get("category").asString()).isEqualTo("daemon");
        assertThat(replies.get(4).get("data").get("types").get(0).asString()).isEqualTo("version");
        assertThat(replies.get(5).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(replies.get(6).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(replies.get(7).get("error").get("message").asString()).contains("cannot run inside");
        assertThat(out.exit()).isZero();
    }

    @Test
    void aBatchWithAFailedItemFailsWithThatItemsCodeAndCarriesEveryEnvelope() {
        UictlRun.Output run = UictlRun.run("batch", "[[\"version\"],[\"nope\"],{\"command\":\"tools\"}]");
        JsonNode error = ContractAssert.envelope(run).get("error");
        assertThat(error.get("code").asString()).isEqualTo("INVALID_ARGS");
        JsonNode all = error.get("details");
        assertThat(all.get("total").asInt()).isEqualTo(3);
        assertThat(all.get("failed").asInt()).isEqualTo(1);
        assertThat(all.get("first_failed").asInt()).isEqualTo(1);
        assertThat(all.get("results").get(0).get("success").asBoolean()).isTrue();
        assertThat(all.get("results").get(1).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(all.get("results").get(2).get("command").asString()).isEqualTo("tools");

        UictlRun.Output stoppedRun = UictlRun.run("batch", "--stop-on-error",
                "[[\"version\"],[\"term\",\"screen\",\"no-such-session\"],[\"tools\"]]");
        JsonNode stopped = ContractAssert.envelope(stoppedRun).get("error");
        assertThat(stopped.get("code").asString()).isEqualTo("SESSION_NOT_FOUND");
        assertThat(stopped.get("details").get("results")).hasSize(2);
        assertThat(stopped.get("details").get("stopped_early").asBoolean()).isTrue();
        assertThat(stoppedRun.exit()).isEqualTo(ErrorCode.SESSION_NOT_FOUND.exitCode());
    }

    @Test
    void aBatchWhoseItemsAllSucceedSucceeds() {
        JsonNode data = ContractAssert.envelope(UictlRun.run("batch", "[[\"version\"],[\"tools\"]]")).get("data");
        assertThat(data.get("total").asInt()).isEqualTo(2);
        assertThat(data.get("failed").asInt()).isZero();
    }

    /** Items that are no request at all fail as PROTOCOL_ERROR, each in its own envelope, and so does the batch. */
    @Test
    void batchItemsThatAreNoRequestAreProtocolErrors() {
        JsonNode error = ContractAssert.envelope(UictlRun.run("batch", "[42, {\"nothing\":1}, [\"version\"]]"))
                .get("error");
        assertThat(error.get("code").asString()).isEqualTo("PROTOCOL_ERROR");
        List<String> codes = error.get("details").get("results").valueStream()
                .map(r -> r.get("success").asBoolean() ? "ok" : r.get("error").get("code").asString()).toList();
        assertThat(codes).containsExactly("PROTOCOL_ERROR", "PROTOCOL_ERROR", "ok");
    }

    /** Bounded at the edge: nothing of an oversized batch runs, and the daemon does not buffer it without limit. */
    @Test
    void aBatchOverItsBoundsIsRefusedBeforeAnyItemRuns() {
        String tooMany = "[" + String.join(",", java.util.Collections.nCopies(1001, "[\"version\"]")) + "]";
        JsonNode items = ContractAssert.envelope(UictlRun.run(Map.of(), tooMany, "batch"));
        assertThat(items.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(items.get("error").get("details").get("max_items").asInt()).isEqualTo(1000);
        String huge = "[[\"version\"]," + " ".repeat(5 << 20) + "[\"version\"]]";
        JsonNode bytes = ContractAssert.envelope(UictlRun.run(Map.of(), huge, "batch"));
        assertThat(bytes.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        assertThat(bytes.get("error").get("details").get("max_bytes").asInt()).isEqualTo(4 << 20);
        JsonNode thousand = ContractAssert.envelope(UictlRun.run(Map.of(),
                "[" + String.join(",", java.util.Collections.nCopies(1000, "[\"version\"]")) + "]", "batch"));
        assertThat(thousand.get("data").get("total").asInt()).isEqualTo(1000);
    }

    /**
     * Reproduced: 1000 capabilities documents (180 KB each) in one batch ran the daemon out of heap
     * (OutOfMemoryError on its connection thread). Every answer is held until the batch ends, so once they pass
     * 32 MiB no further item runs: the batch fails, carrying the envelopes of the items that ran.
     */
    @Test
    void aBatchWhoseAnswersPassTheOutputBudgetStopsRunningItems() {
        String big = "[" + String.join(",", java.util.Collections.nCopies(1000, "[\"capabilities\"]")) + "]";
        JsonNode e = ContractAssert.envelope(UictlRun.run(Map.of(), big, "batch"));
        JsonNode error = e.get("error");
        assertThat(error.get("code").asString()).as(error.get("message").asString()).isEqualTo("INVALID_ARGS");
        assertThat(error.get("details").get("max_output_bytes").asLong()).isEqualTo(32L << 20);
        assertThat(error.get("details").get("stopped_early").asBoolean()).isTrue();
        int ran = error.get("details").get("results").size();
        assertThat(ran).isBetween(150, 400);
        assertThat(error.get("details").get("succeeded").asInt()).isEqualTo(ran);
    }

    @Test
    void batchReadsStdinWhenNoArgumentIsGiven() {
        JsonNode data = ContractAssert.envelope(UictlRun.run(Map.of(), "[[\"version\"]]", "batch")).get("data");
        assertThat(data.get("succeeded").asInt()).isEqualTo(1);
    }
}
