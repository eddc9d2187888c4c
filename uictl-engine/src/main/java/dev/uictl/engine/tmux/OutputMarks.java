package dev.uictl.engine.tmux;

import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where panes' output stood at one moment, handed out by {@code tmux send} as {@code since} (e.g.
 * {@code %3:k2x9a:1840}): per pane, the watch its offset belongs to (one connection's view of the pane; after a
 * reconnect, offsets start again and an old one means nothing) and the offset in its output stream. With
 * {@code tmux wait --since}, only output after the mark counts, also the output that arrived before the wait began.
 */
public record OutputMarks(Map<String, Mark> byPane) {
    private static final Pattern ENTRY = Pattern.compile("(%\\d+):([0-9a-z]+):(\\d+)");

    /** One pane's mark: its watch and the offset. */
    public record Mark(String watch, long offset) {
    }

    public OutputMarks {
        byPane = Map.copyOf(byPane);
    }

    /** The marker as the answer shows it: {@code PANE:WATCH:OFFSET}, comma-separated, in the panes' order. */
    public String token(Iterable<String> paneOrder) {
        StringBuilder out = new StringBuilder();
        for (String pane : paneOrder) {
            Mark m = byPane.get(pane);
            out.append(out.isEmpty() ? "" : ",").append(pane).append(':').append(m.watch()).append(':')
                    .append(m.offset());
        }
        return out.toString();
    }

    /** Reads a marker; INVALID_ARGS when it is not one {@code tmux send} could have handed out. */
    public static OutputMarks parse(String token) {
        Map<String, Mark> marks = new LinkedHashMap<>();
        for (String entry : token.split(",", -1)) {
            Matcher m = ENTRY.matcher(entry.strip());
            if (!m.matches()) {
                throw invalid("--since '" + token + "' is not a marker of `tmux send` (PANE:WATCH:OFFSET, e.g. "
                        + "%3:k2x9a:1840)");
            }
            marks.put(m.group(1), new Mark(m.group(2), Long.parseLong(m.group(3))));
        }
        return new OutputMarks(marks);
    }

    /** The offset from which {@code stream}'s output counts; INVALID_ARGS for a pane it has no mark of, or a stale one. */
    long offset(PaneStream stream) {
        Mark m = byPane.get(stream.paneId());
        if (m == null) {
            throw invalid("--since has no mark for pane " + stream.paneId() + " (it names "
                    + byPane.keySet().stream().sorted().collect(Collectors.joining(", ")) + ")");
        }
        if (!m.watch().equals(stream.watch()) || m.offset() > stream.position()) {
            throw invalid("--since is from an earlier watch of pane " + stream.paneId() + " (uictl's connection to "
                    + "tmux was made again since, e.g. the daemon restarted): its offsets no longer apply");
        }
        return m.offset();
    }

    private static UictlException invalid(String message) {
        return UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint("Pass the since of the last `uictl tmux send` answer, or wait with --include-screen to "
                        + "accept the text already on the screen.")
                .withDelivery(Delivery.NOT_DELIVERED);
    }
}
