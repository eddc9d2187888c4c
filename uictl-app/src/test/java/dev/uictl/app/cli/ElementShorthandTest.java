package dev.uictl.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.UictlRun;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SPEC's `get REF` beside the get group's subcommands, and the element targets click, focus and type accept. */
class ElementShorthandTest {
    private final CommandRegistry registry = UictlRun.app().dispatcher().registry();
    private final CliParser parser = new CliParser(registry);

    private ParsedLine.Invoke parse(String... argv) {
        ParsedLine line = parser.parse(List.of(argv));
        assertThat(line).isInstanceOf(ParsedLine.Invoke.class);
        return (ParsedLine.Invoke) line;
    }

    @Test
    void getWithARefOrAnElementQueryIsGetElement() {
        for (String target : List.of("@e3", "e12", "@s3:e7", "role=button name=Save", "title~=Fixture >> name=OK",
                "name~=save")) {
            ParsedLine.Invoke call = parse("get", target, "--property", "states");
            assertThat(call.command().spec().name()).as(target).isEqualTo("get element");
            assertThat(call.args().string("target")).isEqualTo(target);
            assertThat(call.args().string("property")).isEqualTo("states");
        }
        assertThat(parse("get", "@e3").args().string("property")).isEqualTo("text");
    }

    @Test
    void theGroupsSubcommandsAndItsLongFormStayWhatTheyWere() {
        for (String sub : List.of("version", "active-window", "screen-size", "monitors")) {
            assertThat(parse("get", sub).command()).as(sub).isSameAs(registry.find("get " + sub).orElseThrow());
        }
        assertThat(parse("get", "element", "@e3").command().spec().name()).isEqualTo("get element");
        // a window selector is not an element: still an unknown subcommand of the group
        assertThatThrownBy(() -> parser.parse(List.of("get", "title~=xterm")))
                .isInstanceOfSatisfying(UictlException.class, e -> assertThat(e.code()).isIn(ErrorCode.INVALID_ARGS,
                        ErrorCode.MISSING_REQUIRED));
    }
}
