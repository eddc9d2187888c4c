package dev.uictl.tmux.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Error texts as tmux 3.3a writes them; the command line (user text) never decides the class. */
class TmuxExceptionTest {
    @Test
    void classifiesFromTheReplyOnly() {
        assertThat(TmuxException.classify("c", List.of("can't find session: nope")))
                .isInstanceOf(TmuxException.SessionNotFound.class);
        assertThat(TmuxException.classify("c", List.of("can't find pane: =api")))
                .isInstanceOf(TmuxException.PaneNotFound.class);
        assertThat(TmuxException.classify("c", List.of("can't find window: 7")))
                .isInstanceOf(TmuxException.PaneNotFound.class);
        assertThat(TmuxException.classify(null, List.of("no server running on /tmp/tmux-0/x")))
                .isInstanceOf(TmuxException.NoServer.class);
        assertThat(TmuxException.classify("c", List.of("duplicate session: api")))
                .isInstanceOf(TmuxException.DuplicateSession.class);
        TmuxException other = TmuxException.classify("send-keys -l -- \"can't find session\"",
                List.of("parse error: unknown command: bogus"));
        assertThat(other).isInstanceOf(TmuxException.CommandFailed.class);
        assertThat(other.getMessage()).isEqualTo("parse error: unknown command: bogus");
    }
}
