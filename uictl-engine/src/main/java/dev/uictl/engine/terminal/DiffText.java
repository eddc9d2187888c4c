package dev.uictl.engine.terminal;

import java.util.stream.Collectors;

/** A {@link ScreenDiff} for people: the new ids, then each changed row as {@code row| text}. */
final class DiffText {
    private DiffText() {
    }

    static String of(ScreenDiff d) {
        StringBuilder out = new StringBuilder("diff ").append(d.base()).append(" -> ").append(d.snapshotId());
        if (d.rows() != null) {
            out.append(' ').append(d.rows()).append('x').append(d.cols());
        }
        if (d.cursor() != null) {
            out.append(" cursor ").append(d.cursor().row()).append(',').append(d.cursor().col())
                    .append(d.cursor().visible() ? "" : " (hidden)");
        }
        if (d.alternateScreen() != null) {
            out.append(d.alternateScreen() ? " alternate-screen" : " main-screen");
        }
        if (d.title() != null) {
            out.append(" title \"").append(d.title()).append('"');
        }
        if (d.restyled() != null) {
            out.append(" restyled rows ").append(d.restyled().stream().map(String::valueOf)
                    .collect(Collectors.joining(",")));
        }
        out.append(d.changed().isEmpty() && d.restyled() == null ? " (no row changed)\n" : "\n");
        d.changed().forEach(c -> out.append(String.format("%3d| ", c.row())).append(c.text()).append('\n'));
        return out.toString();
    }
}
