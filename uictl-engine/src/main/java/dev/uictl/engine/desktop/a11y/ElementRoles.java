package dev.uictl.engine.desktop.a11y;

import dev.uictl.atspi.walk.NodeInfo;
import dev.uictl.atspi.walk.Roles;
import dev.uictl.atspi.walk.States;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Canonical lowercase role names (SPEC §3.2) from AT-SPI role numbers, and which roles get refs. GTK gives entries
 * the generic "text" role; an editable one is a {@code textfield}, a read-only one stays {@code text}.
 */
public final class ElementRoles {
    private static final Map<Integer, String> CANONICAL = Map.ofEntries(
            Map.entry(43, "button"), Map.entry(129, "button"), Map.entry(62, "togglebutton"),
            Map.entry(79, "textfield"), Map.entry(40, "textfield"), Map.entry(76, "textfield"),
            Map.entry(7, "checkbox"), Map.entry(44, "radiobutton"), Map.entry(88, "link"),
            Map.entry(35, "menuitem"), Map.entry(8, "menuitem"), Map.entry(45, "menuitem"), Map.entry(59, "menuitem"),
            Map.entry(33, "menu"), Map.entry(41, "menu"), Map.entry(34, "menubar"),
            Map.entry(37, "tab"), Map.entry(38, "tablist"), Map.entry(51, "slider"), Map.entry(52, "spinbutton"),
            Map.entry(11, "combobox"), Map.entry(31, "list"), Map.entry(98, "list"), Map.entry(32, "listitem"),
            Map.entry(91, "treeitem"), Map.entry(65, "tree"), Map.entry(66, "table"), Map.entry(55, "table"),
            Map.entry(56, "cell"), Map.entry(90, "row"), Map.entry(10, "columnheader"), Map.entry(57, "columnheader"),
            Map.entry(47, "rowheader"), Map.entry(58, "rowheader"), Map.entry(69, "window"), Map.entry(23, "window"),
            Map.entry(16, "dialog"), Map.entry(2, "dialog"), Map.entry(19, "dialog"), Map.entry(29, "label"),
            Map.entry(116, "label"), Map.entry(81, "label"), Map.entry(73, "paragraph"), Map.entry(83, "heading"),
            Map.entry(27, "image"), Map.entry(26, "image"), Map.entry(20, "group"), Map.entry(39, "group"),
            Map.entry(99, "group"), Map.entry(85, "group"), Map.entry(30, "group"), Map.entry(46, "group"),
            Map.entry(24, "group"), Map.entry(68, "group"), Map.entry(49, "scrollarea"), Map.entry(48, "scrollbar"),
            Map.entry(63, "toolbar"), Map.entry(54, "statusbar"), Map.entry(42, "progressbar"),
            Map.entry(103, "progressbar"), Map.entry(50, "separator"), Map.entry(75, "application"),
            Map.entry(82, "document"), Map.entry(94, "document"), Map.entry(95, "document"), Map.entry(64, "tooltip"),
            Map.entry(53, "splitpane"), Map.entry(5, "calendar"), Map.entry(87, "form"), Map.entry(110, "landmark"),
            Map.entry(101, "notification"), Map.entry(102, "infobar"), Map.entry(60, "terminal"),
            Map.entry(104, "titlebar"), Map.entry(71, "header"), Map.entry(72, "footer"));

    /** Roles that always get a ref: what an agent clicks, types into, toggles or selects. */
    private static final Set<String> INTERACTIVE = Set.of("button", "togglebutton", "textfield", "checkbox",
            "radiobutton", "link", "menuitem", "tab", "slider", "spinbutton", "combobox", "switch", "listitem",
            "treeitem", "cell");

    private ElementRoles() {
    }

    public static String canonical(NodeInfo n) {
        if (n.role() == 61) {
            return n.states().has(States.EDITABLE) ? "textfield" : "text";
        }
        return canonical(n.role());
    }

    public static String canonical(int role) {
        String c = CANONICAL.get(role);
        return c != null ? c : Roles.name(role).replace(" ", "").toLowerCase(Locale.ROOT);
    }

    /** The AT-SPI role numbers a canonical name stands for (several AT-SPI roles share one name). */
    public static Set<Integer> numbersOf(String canonical) {
        String want = canonical.toLowerCase(Locale.ROOT);
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (int r = 0; r < Roles.count(); r++) {
            if (canonical(r).equals(want) || (r == 61 && (want.equals("textfield") || want.equals("text")))) {
                out.add(r);
            }
        }
        return out;
    }

    public static boolean isInteractive(String canonical) {
        return INTERACTIVE.contains(canonical);
    }

    /** Whether a node gets a ref: an interactive role, or an action the user can trigger on a non-container. */
    public static boolean isRefable(NodeInfo n) {
        String role = canonical(n);
        if (isInteractive(role)) {
            return true;
        }
        return n.implementsInterface(dev.uictl.atspi.iface.Action.NAME) && !CONTAINERS.contains(role);
    }

    private static final Set<String> CONTAINERS = Set.of("window", "dialog", "application", "group", "scrollarea",
            "scrollbar", "label", "text", "image", "separator", "menubar", "list", "tree", "table",
            "tablist", "toolbar", "statusbar");
}
