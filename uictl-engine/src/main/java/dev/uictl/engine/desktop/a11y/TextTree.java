package dev.uictl.engine.desktop.a11y;

/** The Playwright-style text form of an element tree: {@code - button "Save" [ref=e3] [checked]}, two spaces a level. */
final class TextTree {
    private TextTree() {
    }

    static void append(StringBuilder out, Element e, int depth) {
        out.repeat("  ", depth).append("- ").append(e.role());
        if (e.name() != null) {
            out.append(" \"").append(escape(e.name())).append('"');
        }
        if (e.refId() != null) {
            out.append(" [ref=").append(e.refId()).append(']');
        }
        if (e.states() != null) {
            for (String s : e.states()) {
                out.append(" [").append(s).append(']');
            }
        }
        if (e.value() != null) {
            out.append(": \"").append(escape(e.value())).append('"');
        }
        if (e.bounds() != null) {
            Element.Rect b = e.bounds();
            out.append(" @").append(b.x()).append(',').append(b.y()).append(' ').append(b.width()).append('x')
                    .append(b.height());
        }
        if (e.childrenCount() != null) {
            out.append(" (+").append(e.childrenCount()).append(" more)");
        }
        if (e.outOfView() != null) {
            out.append(" (+").append(e.outOfView()).append(" out of view)");
        }
        out.append('\n');
        if (e.children() != null) {
            for (Element c : e.children()) {
                append(out, c, depth + 1);
            }
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
