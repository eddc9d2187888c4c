package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 26 item 10, reproduced with seq: term transcript returned everything kept (up to 8 MiB) in one envelope.
 * It now answers a bounded page with offsets to read on; the oracle is what seq and printf are known to print.
 */
class TranscriptPagingTest {
    private static JsonNode uictl(String... argv) {
        return Json.parse(UictlRun.run(Map.of(), "", argv).stdout());
    }

    @AfterEach
    void close() {
        uictl("term", "close", "pages", "--grace", "200");
    }

    private static void runToTheEnd(String script) {
        JsonNode opened = uictl("term", "open", "--name", "pages", "--", "sh", "-c", script);
        assertThat(opened.get("success").asBoolean()).as(opened.toString()).isTrue();
        assertThat(uictl("term", "wait", "pages", "--exit").get("success").asBoolean()).isTrue();
    }

    @Test
    void aLongTranscriptComesInBoundedPagesThatAddUpToTheOutput() {
        runToTheEnd("seq 1 30000");
        String expected = IntStream.rangeClosed(1, 30000).mapToObj(Integer::toString)
                .collect(Collectors.joining("\r\n", "", "\r\n"));

        JsonNode newest = uictl("term", "transcript", "pages").get("data");
        assertThat(newest.get("total").asLong()).isEqualTo(expected.length());
        assertThat(newest.get("bytes").asLong()).isEqualTo(64 * 1024);
        assertThat(newest.get("end").asLong()).isEqualTo(expected.length());
        assertThat(newest.get("more").asBoolean()).isFalse();
        assertThat(expected).endsWith(newest.get("text").asString());

        StringBuilder read = new StringBuilder();
        long since = 0;
        int pages = 0;
        JsonNode page;
        do {
            page = uictl("term", "transcript", "pages", "--since", Long.toString(since), "--max-bytes", "10000")
                    .get("data");
            assertThat(page.get("from").asLong()).isEqualTo(since);
            assertThat(page.get("bytes").asLong()).isLessThanOrEqualTo(10000);
            read.append(page.get("text").asString());
            since = page.get("end").asLong();
            pages++;
        } while (page.get("more").asBoolean());
        assertThat(read.toString()).isEqualTo(expected);
        assertThat(pages).isEqualTo((expected.length() + 9999) / 10000);

        JsonNode tail = uictl("term", "transcript", "pages", "--tail", "12").get("data");
        assertThat(tail.get("text").asString()).isEqualTo("29999\r\n30000\r\n".substring(2));
        JsonNode ahead = uictl("term", "transcript", "pages", "--since", Long.toString(expected.length() + 1));
        assertThat(ahead.get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
    }

    @Test
    void pagesNeverSplitACharacter() {
        runToTheEnd("i=0; while [ $i -lt 3000 ]; do printf 'é€'; i=$((i+1)); done");
        String expected = "é€".repeat(3000);
        StringBuilder read = new StringBuilder();
        long since = 0;
        JsonNode page;
        do {
            page = uictl("term", "transcript", "pages", "--since", Long.toString(since), "--max-bytes", "1001")
                    .get("data");
            assertThat(page.get("text").asString()).doesNotContain("\uFFFD");
            read.append(page.get("text").asString());
            since = page.get("end").asLong();
        } while (page.get("more").asBoolean());
        assertThat(read.toString()).isEqualTo(expected);
    }
}
