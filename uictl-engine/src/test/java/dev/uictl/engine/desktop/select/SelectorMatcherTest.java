package dev.uictl.engine.desktop.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.model.Window;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelectorMatcherTest {
    static Window window(int ref, int id, long xid, String title, String app, Long pid, boolean focused) {
        return new Window("w" + ref, "win" + id, "0x" + Long.toHexString(xid), title, app, pid, 0, 0, 100, 100,
                focused, false, false, true, 0, "normal", null);
    }

    // deliberately out of ref order, with refs ≥ 10 so string sorting would be visibly wrong
    static final List<Window> WINDOWS = List.of(
            window(10, 4, 0x400001, "vim notes.txt", "XTerm", 101L, false),
            window(2, 7, 0x400002, "Terminal", "XTerm", 102L, true),
            window(11, 9, 0x600003, "Inbox — Mail", "Thunderbird", null, false),
            window(1, 2, 0x800004, "terminal settings", "Gnome-settings", 104L, false));

    static Window resolve(String selector) {
        return SelectorMatcher.resolve(WindowSelector.parse(selector), WINDOWS);
    }

    @Test
    void eachRuleFindsItsWindow() {
        assertThat(resolve("@w11").title()).isEqualTo("Inbox — Mail");
        assertThat(resolve("ref=w1").appName()).isEqualTo("Gnome-settings");
        assertThat(resolve("id=win4").refId()).isEqualTo("w10");
        assertThat(resolve("xid=0x600003").refId()).isEqualTo("w11");
        assertThat(resolve("xid=" + 0x600003).refId()).isEqualTo("w11");
        assertThat(resolve("pid=104").refId()).isEqualTo("w1");
        assertThat(resolve("title=TERMINAL").refId()).isEqualTo("w2");
        assertThat(resolve("title~=NOTES").refId()).isEqualTo("w10");
        assertThat(resolve("title=/^Inbox/").refId()).isEqualTo("w11");
        assertThat(resolve("class=thunderbird").refId()).isEqualTo("w11");
        assertThat(resolve("app=gnome-settings").refId()).isEqualTo("w1");
        assertThat(resolve("focused").refId()).isEqualTo("w2");
        assertThat(resolve("active").refId()).isEqualTo("w2");
        assertThat(resolve("class=xterm title~=vim").refId()).isEqualTo("w10");
    }

    @Test
    void bareWordsAreRefOrIdShorthandsBeforeSubstrings() {
        assertThat(resolve("w11").title()).isEqualTo("Inbox — Mail");
        assertThat(resolve("win9").refId()).isEqualTo("w11");
        assertThat(resolve("mail").refId()).isEqualTo("w11");
        assertThat(resolve("thunder").refId()).isEqualTo("w11"); // class substring
        assertThat(resolve("settings").refId()).isEqualTo("w1");
    }

    @Test
    void noMatchIsSelectorNotFoundWithMode() {
        assertThatThrownBy(() -> resolve("title~=nothing")).isInstanceOfSatisfying(UictlException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SELECTOR_NOT_FOUND);
            assertThat(e.details()).containsEntry("selector", "title~=nothing").containsEntry("mode", "title_substring");
        });
        assertThatThrownBy(() -> resolve("@w5")).extracting(e -> ((UictlException) e).details().get("mode"))
                .isEqualTo("ref");
        assertThatThrownBy(() -> resolve("pid=999")).extracting(e -> ((UictlException) e).code())
                .isEqualTo(ErrorCode.SELECTOR_NOT_FOUND);
    }

    @Test
    void anUnquotedSpaceInATitleGetsAQuotingHint() {
        assertThatThrownBy(() -> resolve("title=Inbox — Mail")).isInstanceOfSatisfying(UictlException.class,
                e -> assertThat(e.hint()).contains("title=\"My Window\""));
        assertThat(resolve("title=\"Inbox — Mail\"").refId()).isEqualTo("w11");
        assertThatThrownBy(() -> resolve("nothing")).isInstanceOfSatisfying(UictlException.class,
                e -> assertThat(e.hint()).doesNotContain("quote"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void ambiguityListsEveryCandidateSortedNumericallyByRef() {
        assertThatThrownBy(() -> resolve("term")).isInstanceOfSatisfying(UictlException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.SELECTOR_AMBIGUOUS);
            assertThat(e.details()).containsEntry("mode", "fuzzy").containsEntry("selector", "term");
            assertThat((List<Window>) e.details().get("candidates")).extracting(Window::refId)
                    .containsExactly("w1", "w2", "w10");
            assertThat(e.hint()).contains("@w1");
            assertThat(e.getMessage()).startsWith("3 windows match");
        });
        assertThatThrownBy(() -> resolve("class=xterm")).isInstanceOfSatisfying(UictlException.class,
                e -> assertThat((List<Window>) e.details().get("candidates")).extracting(Window::refId)
                        .containsExactly("w2", "w10"));
    }

    @Test
    void matchesKeepsAllMatchesForWaits() {
        assertThat(SelectorMatcher.matches(WindowSelector.parse("class=xterm"), WINDOWS)).hasSize(2);
        assertThat(SelectorMatcher.matches(WindowSelector.parse("pid=101 focused"), WINDOWS)).isEmpty();
    }
}
