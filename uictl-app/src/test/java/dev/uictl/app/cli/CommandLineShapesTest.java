package dev.uictl.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.UictlRun;
import dev.uictl.app.dispatch.GlobalOptions;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.render.Format;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Spellings shared by a global option and a command's own option, and options whose value is optional. */
class CommandLineShapesTest {
    private final CommandRegistry registry = UictlRun.app().dispatcher().registry();
    private final CliParser parser = new CliParser(registry);

    private GlobalOptions globals(String... argv) {
        return GlobalOptions.extract(List.of(argv), Map.of(), registry);
    }

    private Args args(String... argv) {
        ParsedLine line = parser.parse(globals(argv).rest());
        assertThat(line).isInstanceOf(ParsedLine.Invoke.class);
        return ((ParsedLine.Invoke) line).args();
    }

    @Test
    void afterTheCommandItsOwnFormatOptionWins() {
        GlobalOptions options = globals("screenshot", "--format", "jpeg", "--base64");
        assertThat(options.render().format()).isEqualTo(Format.JSON);
        assertThat(args("screenshot", "--format", "jpeg").string("format")).isEqualTo("jpeg");
        assertThat(args("screenshot", "--format=png").string("format")).isEqualTo("png");
    }

    @Test
    void beforeTheCommandTheSameSpellingStaysGlobal() {
        GlobalOptions options = globals("--format", "text", "screenshot", "--format", "jpeg");
        assertThat(options.render().format()).isEqualTo(Format.TEXT);
        assertThat(options.rest()).containsExactly("screenshot", "--format", "jpeg");
        assertThat(globals("--text", "term", "wait", "t1", "--text", "ready").render().format())
                .isEqualTo(Format.TEXT);
        assertThat(args("--text", "term", "wait", "t1", "--text", "ready").string("text")).isEqualTo("ready");
    }

    @Test
    void aCommandWithoutTheSpellingLeavesTheGlobalOptionAnywhere() {
        assertThat(globals("list-windows", "--text").render().format()).isEqualTo(Format.TEXT);
        assertThat(globals("term", "screen", "t1", "--format", "md").render().format()).isEqualTo(Format.MD);
    }

    @Test
    void theValueOfAnOwnOptionIsNeverTakenForAGlobalOne() {
        assertThat(args("term", "wait", "t1", "--text", "--json").string("text")).isEqualTo("--json");
    }

    @Test
    void anOptionalValueIsTakenOnlyWhenItCannotBeAPositional() {
        Args alone = args("launch", "xterm", "--wait-window");
        assertThat(alone.has("wait-window")).isTrue();
        assertThat(alone.string("wait-window")).isEmpty();
        assertThat(alone.list("command")).containsExactly("xterm");

        Args bareWordIsTheProgram = args("launch", "--wait-window", "xterm");
        assertThat(bareWordIsTheProgram.string("wait-window")).isEmpty();
        assertThat(bareWordIsTheProgram.list("command")).containsExactly("xterm");

        Args selector = args("launch", "--wait-window", "class=xterm", "--", "xterm", "-T", "x");
        assertThat(selector.string("wait-window")).isEqualTo("class=xterm");
        assertThat(selector.list("command")).containsExactly("xterm", "-T", "x");

        assertThat(args("launch", "--wait-window", "@w3", "xterm").string("wait-window")).isEqualTo("@w3");
        assertThat(args("launch", "--wait-window=xterm", "xterm").string("wait-window")).isEqualTo("xterm");
        assertThat(args("launch", "--wait-window", "--", "xterm").string("wait-window")).isEmpty();
        assertThat(args("launch", "xterm").has("wait-window")).isFalse();
    }

    @Test
    void aMissingOwnValueIsAParseErrorNotAFormatChange() {
        assertThatThrownBy(() -> parser.parse(globals("screenshot", "--format").rest()))
                .isInstanceOfSatisfying(UictlException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.MISSING_REQUIRED));
    }
}
