package dev.uictl.engine.tmux;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.tmux.command.PaneInfo;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which pane of a session: {@code N}, {@code W.P} or {@code %N}. A bare {@code N} is the pane index in a session
 * with one window and the window index (its active pane) in a session with several (the NTM convention).
 */
public sealed interface PaneSelector {
    Pattern FORM = Pattern.compile("(?:(\\d{1,6})|(\\d{1,6})\\.(\\d{1,6})|(%\\d{1,9}))");

    record Index(int n) implements PaneSelector {
    }

    record WindowPane(int window, int pane) implements PaneSelector {
    }

    record Id(String id) implements PaneSelector {
    }

    static PaneSelector parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "pane selector must be N, W.P or %N, got '" + text + "'")
                    .withHint("E.g. `--pane 1`, `--pane 0.1` or `--pane %3`; `uictl tmux status` lists panes.");
        }
        if (m.group(1) != null) {
            return new Index(Integer.parseInt(m.group(1)));
        }
        if (m.group(4) != null) {
            return new Id(m.group(4));
        }
        return new WindowPane(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /** The pane among {@code panes} (all of one session), or PANE_NOT_FOUND listing what exists. */
    default PaneInfo resolve(String session, List<PaneInfo> panes) {
        boolean oneWindow = panes.stream().map(PaneInfo::window).distinct().count() <= 1;
        PaneInfo found = switch (this) {
            case Id(String id) -> panes.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
            case WindowPane(int w, int p) -> panes.stream().filter(x -> x.window() == w && x.index() == p)
                    .findFirst().orElse(null);
            case Index(int n) when oneWindow -> panes.stream().filter(p -> p.index() == n).findFirst().orElse(null);
            case Index(int n) -> panes.stream().filter(p -> p.window() == n && p.active()).findFirst().orElse(null);
        };
        if (found == null) {
            throw TmuxErrors.paneNotFound(session, text(), panes.stream().map(p -> p.position() + "=" + p.id())
                    .toList());
        }
        return found;
    }

    default String text() {
        return switch (this) {
            case Index(int n) -> Integer.toString(n);
            case WindowPane(int w, int p) -> w + "." + p;
            case Id(String id) -> id;
        };
    }
}
