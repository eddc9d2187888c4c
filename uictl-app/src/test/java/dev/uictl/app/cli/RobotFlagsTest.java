package dev.uictl.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.UictlRun;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.RobotAlias;
import java.util.List;
import org.junit.jupiter.api.Test;

class RobotFlagsTest {
    private static List<String> rewrite(String... argv) {
        return RobotFlags.rewrite(List.of(argv));
    }

    @Test
    void commandsBecomeUictlCommandLinesAndModifiersGoInFront() {
        assertThat(rewrite("--robot-send=api", "--msg=hi there", "--robot-terse"))
                .containsExactly("--terse", "tmux", "send", "api", "--msg=hi there");
        assertThat(rewrite("--robot-tail", "api", "--lines=5", "--robot-format=toon"))
                .containsExactly("--format", "toon", "tmux", "tail", "api", "--lines=5");
        assertThat(rewrite("--robot-markdown", "--robot-status")).containsExactly("--format", "md", "tmux", "status");
        assertThat(rewrite("--schema=tmux-sent")).containsExactly("schema", "tmux-sent");
        assertThat(rewrite("--robot-health")).containsExactly("tmux", "health");
        assertThat(rewrite("--pretty", "--robot-version")).containsExactly("version", "--pretty");
        assertThat(rewrite("--robot-send=api", "--", "x")).containsExactly("tmux", "send", "api", "--", "x");
    }

    @Test
    void linesThatNameACommandFirstAreLeftAlone() {
        List<String> line = List.of("tmux", "send", "api", "--msg", "--robot-status");
        assertThat(RobotFlags.rewrite(line)).isSameAs(line);
        assertThat(rewrite("version")).containsExactly("version");
    }

    @Test
    void badRobotLinesAreUsageErrors() {
        assertThatThrownBy(() -> rewrite("--robot-send")).isInstanceOfSatisfying(UictlException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.MISSING_REQUIRED));
        assertThatThrownBy(() -> rewrite("--robot-status=x")).isInstanceOfSatisfying(UictlException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
        assertThatThrownBy(() -> rewrite("--robot-format=yaml", "--robot-status"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
        assertThatThrownBy(() -> rewrite("--robot-status", "--robot-tail=a"))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGS));
    }

    @Test
    void everyAliasNamesARegisteredCommandOrGlobalOption() {
        var registry = UictlRun.app().dispatcher().registry();
        for (RobotAlias a : RobotAlias.ALL) {
            if (a.modifier()) {
                assertThat(dev.uictl.core.registry.GlobalOption.ALL).extracting(o -> o.name())
                        .as(a.flag()).contains(a.replacement().getFirst());
            } else {
                assertThat(registry.find(String.join(" ", a.replacement()))).as(a.flag()).isPresent();
            }
        }
    }
}
