package dev.uictl.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.UictlException;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.scenario.artifacts.TranscriptLog;
import dev.uictl.engine.scenario.model.Action;
import dev.uictl.engine.scenario.model.KeyNames;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.model.ScenarioParser;
import dev.uictl.engine.scenario.replay.LineDiff;
import dev.uictl.engine.scenario.replay.Normalization;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scenario format, key names, transcript lines, normalization precedence and the line diff, in isolation. */
class ScenarioFormatTest {
    private static final String HEAD = "{\"scenario_version\":1,\"run\":{\"command\":\"/usr/bin/cat\"},\"steps\":[";

    @Test
    void ptyboxKeyNamesBecomeTmuxNames() {
        assertThat(KeyNames.toTmux("Ctrl+C")).isEqualTo("C-c");
        assertThat(KeyNames.toTmux("Alt+x")).isEqualTo("M-x");
        assertThat(KeyNames.toTmux("Shift+Tab")).isEqualTo("S-Tab");
        assertThat(KeyNames.toTmux("Ctrl+Alt+Delete")).isEqualTo("C-M-Delete");
        assertThat(KeyNames.toTmux("Enter")).isEqualTo("Enter");
        assertThat(KeyNames.toTmux("+")).isEqualTo("+");
    }

    @Test
    void flatAndTypedFormsParseAlikeAndIdsAreFreeStrings() {
        Scenario s = ScenarioParser.parse(HEAD + "{\"id\":\"any id: ü\",\"action\":{\"type\":\"key\",\"key\":\"Ctrl+D\"}},"
                + "{\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"hi\"}}}]}", false);
        assertThat(s.steps().get(0).id()).isEqualTo("any id: ü");
        assertThat(s.steps().get(0).action()).isEqualTo(new Action.Key(List.of("C-d")));
        assertThat(s.steps().get(1).id()).isEqualTo("step-2");
        assertThat(s.run().rows()).isEqualTo(24);
    }

    @Test
    void errorsNameTheFieldAndBoundsHold() {
        assertThatThrownBy(() -> ScenarioParser.parse(HEAD + "{\"id\":\"a\",\"action\":{\"type\":\"text\",\"payload\":{}}},"
                + "]}", false)).isInstanceOf(UictlException.class);
        assertThatThrownBy(() -> ScenarioParser.parse(HEAD + "{\"id\":\"a\",\"action\":{\"type\":\"observe\"}},"
                + "{\"id\":\"a\",\"action\":{\"type\":\"observe\"}}]}", false))
                .hasMessageContaining("used twice");
        assertThatThrownBy(() -> ScenarioParser.parse(HEAD + "{\"action\":{\"type\":\"resize\",\"payload\":{\"rows\":0,"
                + "\"cols\":80}}}]}", false)).satisfies(e -> assertThat(((UictlException) e).details().get("path"))
                .isEqualTo("steps[0].action.payload.rows"));
        assertThatThrownBy(() -> ScenarioParser.parse(HEAD + "{\"action\":{\"type\":\"observe\"},\"timeout_ms\":-1}]}",
                false)).hasMessageContaining("timeout_ms");
        assertThatThrownBy(() -> ScenarioParser.parse("steps: [", true)).hasMessageContaining("not valid YAML");
    }

    @Test
    void aCharacterSplitAcrossChunksStaysWhole() {
        TranscriptLog log = new TranscriptLog();
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        assertThat(log.line(1, 0, new byte[] {euro[0], euro[1]})).isNull();
        String line = log.line(2, 1, new byte[] {euro[2], 'x'});
        assertThat(TranscriptLog.parse(List.of(line.strip())).getFirst().text()).isEqualTo("€x");
    }

    @Test
    void normalizationPrecedenceIsCliThenPolicyThenDefault() {
        assertThat(Normalization.resolve(false, null, false, null, List.of()).source()).isEqualTo("default");
        assertThat(Normalization.resolve(false, null, true, null, List.of()).strict()).isTrue();
        assertThat(Normalization.resolve(false, List.of("run_id"), true, null, List.of()).source()).isEqualTo("cli");
        NormalizationSettings policy = Normalization.resolve(false, null, false, List.of("events"),
                List.of(new NormalizationSettings.Rule("transcript", "\\d+", "N")));
        assertThat(policy.source()).isEqualTo("policy");
        assertThat(policy.filters()).containsExactly("events");
        assertThatThrownBy(() -> Normalization.resolve(true, List.of("run_id"), false, null, List.of()))
                .hasMessageContaining("--strict");
        assertThatThrownBy(() -> Normalization.resolve(false, List.of("all", "run_id"), false, null, List.of()))
                .hasMessageContaining("stand alone");
        assertThatThrownBy(() -> Normalization.resolve(false, null, false, null,
                List.of(new NormalizationSettings.Rule("transcript", "(", "x")))).hasMessageContaining("RE2");
    }

    @Test
    void theDiffKeepsContextAndMarksOnlyChangedLines() {
        List<String> a = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
        List<String> b = List.of("1", "2", "3", "4", "5", "six", "7", "8", "9", "10");
        List<LineDiff.Line> d = LineDiff.of(a, b);
        assertThat(d).extracting(l -> l.op() + l.line())
                .containsExactly(" 3", " 4", " 5", "-6", "+six", " 7", " 8", " 9");
    }
}
