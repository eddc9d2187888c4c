package dev.uictl.engine.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.call.Cancellation;
import dev.uictl.vt.Terminal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A menu that only moves its highlight (dialog, whiptail, htop, mc) changes the screen: issue 26 item 1. Reproduced
 * with dialog --menu: Down answered screen_changed false, no_visible_effect and an empty --diff while the program
 * had moved its reverse-video bar. The oracle is dialog's own answer: the tag it prints for the chosen item.
 */
class StyleOnlyRedrawTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    @RegisterExtension
    final SessionsPerTest perTest = new SessionsPerTest();
    private final TerminalSessions sessions = perTest.sessions;
    @TempDir
    Path tmp;

    @Test
    void movingAMenuHighlightIsAVisibleChangeAndTheDiffNamesTheRestyledRows() throws Exception {
        Path choice = tmp.resolve("choice");
        OpenResult opened = sessions.open(new OpenRequest(List.of("sh", "-c",
                        "dialog --menu Pick 15 40 4 a Apple b Banana c Cherry 2>" + choice),
                        Map.of("PATH", "/usr/bin:/bin", "HOME", tmp.toString(), "LANG", "C.UTF-8"), Map.of(), tmp,
                        24, 80, null), SettlePolicy.STARTUP, new Readiness(new WaitCondition.Text("Cherry"), WAIT),
                Cancellation.NEVER);
        TerminalSession s = sessions.find(opened.sessionId());
        s.await(new WaitCondition.Idle(Duration.ofMillis(200)), WAIT);
        int apple = row(s.screen(false, 0), "Apple");
        int banana = row(s.screen(false, 0), "Banana");

        ActionResult down = s.keys(List.of("Down"), SettlePolicy.ACTION);

        assertThat(down.screen().lines()).as("only styles change").isEqualTo(down.before().lines());
        assertThat(down.input().screenChanged()).isTrue();
        assertThat(down.input().reason()).isNull();
        assertThat(down.input().warning()).isNull();
        assertThat(down.asDiff().diff().changed()).isEmpty();
        assertThat(down.asDiff().diff().restyled()).contains(apple, banana);
        assertThat(DiffText.of(down.asDiff().diff())).contains("restyled rows").contains(apple + "," + banana);

        s.keys(List.of("Enter"), SettlePolicy.ACTION);
        s.await(new WaitCondition.Exited(), WAIT);
        assertThat(Files.readString(choice, StandardCharsets.UTF_8)).as("dialog's own answer").isEqualTo("b");
    }

    /** What is not displayed is no change: the foreground colour or boldness of blank cells. */
    @Test
    void invisibleAttributesOfBlanksDoNotCountButReverseBlanksDo() {
        Terminal t = new Terminal(3, 10);
        t.write("ab\u001b[1;31m   \u001b[0m".getBytes(StandardCharsets.UTF_8));
        ScreenView base = ScreenViews.of("t.1", t.snapshot(false, 0));
        t.write("\r\u001b[2C\u001b[32m   \u001b[0m".getBytes(StandardCharsets.UTF_8));
        ScreenView greenBlanks = ScreenViews.of("t.2", t.snapshot(false, 0));
        assertThat(greenBlanks.looksDifferent(base)).isFalse();
        t.write("\r\u001b[7mab\u001b[0m".getBytes(StandardCharsets.UTF_8));
        ScreenView reversed = ScreenViews.of("t.3", t.snapshot(false, 0));
        assertThat(reversed.looksDifferent(greenBlanks)).isTrue();
        assertThat(reversed.restyledRows(greenBlanks)).containsExactly(0);
        t.write("\r\n\u001b[7m  \u001b[0m".getBytes(StandardCharsets.UTF_8));
        assertThat(ScreenViews.of("t.4", t.snapshot(false, 0)).restyledRows(reversed))
                .as("a reverse-video blank shows").containsExactly(1);
    }

    private static int row(ScreenView screen, String text) {
        for (int r = 0; r < screen.lines().size(); r++) {
            if (screen.lines().get(r).contains(text)) {
                return r;
            }
        }
        throw new AssertionError(text + " is not on the screen: " + screen.lines());
    }
}
