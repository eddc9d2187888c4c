package dev.uictl.engine.desktop.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowSelectorTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "@w3|ref", "ref=w3|ref", "id=win5|id", "xid=0x3a00007|xid", "xid=12|xid", "pid=1234|pid",
            "title=Exact|title", "title~=sub|title_substring", "title=/^a.c$/|title_regex", "class=gedit|class",
            "app=gedit|class", "focused|focused", "active|active", "Term|fuzzy", "w2|fuzzy",
            "class=xterm title~=vim|compound"})
    void everyFormParsesWithItsMode(String text, String mode) {
        assertThat(WindowSelector.parse(text).mode()).isEqualTo(mode);
    }

    @Test
    void termsCarryTheirValues() {
        WindowSelector s = WindowSelector.parse("  class=XTerm   title~=\"my file\" pid=0x10 @w12 ");
        assertThat(s.terms()).containsExactly(new SelectorTerm.AppClass("XTerm"), new SelectorTerm.TitleContains("my file"),
                new SelectorTerm.Pid(16), new SelectorTerm.Ref(12));
        assertThat(s.text()).isEqualTo("class=XTerm   title~=\"my file\" pid=0x10 @w12");
        assertThat(WindowSelector.parse("title='a b'").terms()).containsExactly(new SelectorTerm.TitleExact("a b"));
        assertThat(WindowSelector.parse("xid=0x3a00007").terms()).containsExactly(new SelectorTerm.Xid(0x3a00007));
        assertThat(WindowSelector.parse("@w1").isRef()).isTrue();
        assertThat(WindowSelector.parse("w1").isRef()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''|unknown|empty", "'   '|unknown|empty", "@x|ref|@w3", "@w0|ref|@w3", "ref=3|ref|@w3",
            "id=5|id|win5", "xid=zz|xid|number", "pid=abc|pid|number", "pid=0|pid|positive", "pid=-4|pid|positive",
            "title=|title|empty value", "class=|class|empty value", "title=/a(/|title_regex|regular expression",
            "colour=red|unknown|unknown key", "class~=x|class|title only", "title=\"open|unknown|unbalanced",
            "=x|unknown|no key"})
    void invalidSelectorsAreStructuredErrors(String text, String mode, String reason) {
        assertThatThrownBy(() -> WindowSelector.parse(text)).isInstanceOfSatisfying(UictlException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SELECTOR_INVALID);
            assertThat(e.details()).containsEntry("mode", mode).containsKey("selector");
            assertThat((String) e.details().get("reason")).containsIgnoringCase(reason);
        });
    }

    @Test
    void nullIsInvalidToo() {
        assertThatThrownBy(() -> WindowSelector.parse(null)).isInstanceOf(UictlException.class)
                .extracting(e -> ((UictlException) e).code()).isEqualTo(ErrorCode.SELECTOR_INVALID);
    }

    @Test
    void titleRegexesRunInLinearTimeAndAreBounded() {
        WindowSelector catastrophic = WindowSelector.parse("title=/(.*a){25}!x/");
        java.util.List<dev.uictl.engine.desktop.model.Window> windows = java.util.List.of(
                SelectorMatcherTest.window(1, 1, 1, "a".repeat(4000), "XTerm", 1L, false));
        long start = System.nanoTime();
        assertThat(catastrophic.terms().getFirst().filter(windows)).isEmpty();
        assertThat(System.nanoTime() - start).isLessThan(5_000_000_000L);
        for (String huge : java.util.List.of("title=/" + "a".repeat(1 << 20) + "/", "title=/((a{100}){100}){100}/",
                "title=/" + "(a|".repeat(500) + "b" + ")".repeat(500) + "/")) {
            assertThatThrownBy(() -> WindowSelector.parse(huge)).isInstanceOfSatisfying(UictlException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.SELECTOR_INVALID);
                assertThat(e.details()).containsEntry("mode", "title_regex").containsKey("limits");
            });
        }
    }
}
