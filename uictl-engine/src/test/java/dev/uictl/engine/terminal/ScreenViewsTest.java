package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ScreenViewsTest {
    private static ScreenView view(String output, boolean cells) {
        Terminal t = new Terminal(4, 10);
        t.write(output.getBytes(StandardCharsets.UTF_8));
        return ScreenViews.of("t1.1", t.snapshot(cells, 0));
    }

    @Test
    void coloursUseTheContractsFourShapes() {
        ScreenView v = view("\033[31ma\033[38;5;200mb\033[38;2;1;2;3mc\033[0md", true);
        JsonNode row = Json.tree(v).get("cells").get(0);
        assertThat(row.get(0).get("style").get("fg")).hasToString("{\"ansi16\":1}");
        assertThat(row.get(1).get("style").get("fg")).hasToString("{\"ansi256\":200}");
        assertThat(row.get(2).get("style").get("fg")).hasToString("{\"rgb\":{\"r\":1,\"g\":2,\"b\":3}}");
        assertThat(row.get(3).get("style").get("fg").asString()).isEqualTo("default");
    }

    @Test
    void wideCharactersKeepCellsColumnAligned() {
        ScreenView v = view("你x", true);
        assertThat(v.cells().getFirst().get(0).ch()).isEqualTo("你");
        assertThat(v.cells().getFirst().get(0).width()).isEqualTo(2);
        assertThat(v.cells().getFirst().get(1).width()).isZero();
        assertThat(v.cells().getFirst().get(2).ch()).isEqualTo("x");
        assertThat(v.cells().getFirst()).hasSize(10);
    }

    @Test
    void cellsAndScrollbackOnlyWhenAskedAndSnakeCaseOnTheWire() {
        ScreenView v = view("\033]2;my title\007hi", false);
        JsonNode json = Json.tree(v);
        assertThat(json.has("cells")).isFalse();
        assertThat(json.has("scrollback")).isFalse();
        assertThat(json.get("snapshot_version").asInt()).isEqualTo(1);
        assertThat(json.get("title").asString()).isEqualTo("my title");
        assertThat(json.get("modes").has("application_cursor")).isTrue();
        assertThat(v.toText()).startsWith("screen t1.1 4x10 cursor 0,2 title \"my title\"\n| hi\n");
    }
}
