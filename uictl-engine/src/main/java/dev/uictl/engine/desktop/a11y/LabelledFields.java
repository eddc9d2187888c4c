package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.Bounds;
import dev.uictl.atspi.walk.NodeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The form fields a label names, as Playwright's getByLabel finds them: a field whose accessible name is the label
 * (toolkits copy a label-for or labelled-by label into the field's name: Swing, Chromium, GTK mnemonics), else, for
 * each label element with that text, the nearest field to its right on the same row or below it in the same column
 * (a GTK form whose labels are separate widgets). A label element itself is never the field.
 */
final class LabelledFields {
    /** Roles that take a value from a form: what `--field` fills, checks or selects. */
    private static final Set<String> FIELD_ROLES = Set.of("textfield", "combobox", "checkbox", "radiobutton",
            "slider", "spinbutton", "switch", "togglebutton", "list", "listbox");
    private static final Set<String> LABEL_ROLES = Set.of("label", "text", "paragraph");
    /** Farther than this from its label, a field is another row's or column's. */
    private static final int MAX_GAP = 400;

    private LabelledFields() {
    }

    static List<ElementResolver.Match> of(List<ElementResolver.Match> flat, String label) {
        List<ElementResolver.Match> fields = flat.stream().filter(m -> isField(m.info())).toList();
        List<ElementResolver.Match> named = fields.stream().filter(m -> m.info().name().equalsIgnoreCase(label))
                .toList();
        if (!named.isEmpty()) {
            return named;
        }
        List<ElementResolver.Match> out = new ArrayList<>();
        for (ElementResolver.Match l : flat) {
            if (LABEL_ROLES.contains(ElementRoles.canonical(l.info())) && l.info().name().strip().equalsIgnoreCase(label)
                    && l.bounds() != null) {
                ElementResolver.Match f = nearest(l.bounds(), fields);
                if (f != null && !out.contains(f)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static boolean isField(NodeInfo n) {
        String role = ElementRoles.canonical(n);
        return FIELD_ROLES.contains(role) || !LABEL_ROLES.contains(role)
                && n.implementsInterface(dev.uictl.atspi.iface.EditableText.NAME);
    }

    /** The field beside (right, same row) or under (below, same column) the label, the closest one; null if none. */
    private static ElementResolver.Match nearest(Bounds label, List<ElementResolver.Match> fields) {
        ElementResolver.Match best = null;
        int bestGap = MAX_GAP + 1;
        for (ElementResolver.Match f : fields) {
            Bounds b = f.bounds();
            if (b == null || b.width() <= 0 || b.height() <= 0) {
                continue;
            }
            int gap = Integer.MAX_VALUE;
            int labelRight = label.x() + label.width();
            int labelBottom = label.y() + label.height();
            boolean sameRow = b.y() < labelBottom && b.y() + b.height() > label.y();
            boolean sameColumn = b.x() < labelRight && b.x() + b.width() > label.x();
            if (sameRow && b.x() >= labelRight - 2) {
                gap = b.x() - labelRight;
            } else if (sameColumn && b.y() >= labelBottom - 2) {
                gap = b.y() - labelBottom;
            }
            if (gap < bestGap) {
                bestGap = gap;
                best = f;
            }
        }
        return best;
    }
}
