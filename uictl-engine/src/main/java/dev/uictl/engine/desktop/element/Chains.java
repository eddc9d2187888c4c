package dev.uictl.engine.desktop.element;

import dev.uictl.core.call.Deadline;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.engine.desktop.input.MouseButton;
import dev.uictl.engine.desktop.spi.AccessibilityTree;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The chain of each element action, built from the element's state when it became actionable: semantic steps
 * first (only actions the element advertises), then the physical fallback at the element's centre.
 */
final class Chains {
    /** Action names toolkits use for activation (GTK "click", Qt "Press", others "activate", "jump", "open"). */
    private static final String[] ACTIVATE = {"click", "press", "activate", "jump", "open"};
    /** What chooses a combo box's item: its activation, or Firefox's "select" on an {@code <option>}. */
    private static final String[] CHOOSE_ITEM = java.util.stream.Stream.concat(java.util.Arrays.stream(ACTIVATE),
            java.util.stream.Stream.of("select")).toArray(String[]::new);
    /** Firefox names its check box's action after what it will do: "check", then "uncheck". */
    private static final String[] TOGGLE = {"toggle", "click", "press", "check", "uncheck"};
    private static final String[] EXPAND = {"expand or contract", "expand or collapse", "expand", "collapse", "toggle"};
    private static final String[] MENU = {"menu", "popup", "show menu", "showmenu"};
    /** How long an element is given to take the focus after the step's input. */
    private static final long FOCUS_MS = 1000;
    /**
     * How long a combo box's list may take to show its items after a click: GTK maps its menu after the click
     * returns, and with the load at 10 that took over a second. (A box that can say it is expanded gets FOCUS_MS:
     * Firefox never says so, and its closed box takes the keys as well.)
     */
    private static final long LIST_MS = 3000;
    /** The action that opens a combo box's list: Qt's "ShowMenu", GTK's "press", Chromium's "open". */
    private static final String[] OPEN_LIST = {"showmenu", "show menu", "press", "open"};
    /**
     * Depth of items under a selection container: list → item, GTK combo box → menu → item, Swing's JComboBox → popup
     * menu → scroll pane → viewport → list → item.
     */
    private static final int SELECT_DEPTH = 5;

    private final AccessibilityTree tree;
    private final PhysicalInput physical;

    Chains(AccessibilityTree tree, PhysicalInput physical) {
        this.tree = tree;
        this.physical = physical;
    }

    Chain forRequest(ActionRequest r, ElementHandle element, ElementState s) {
        return switch (r.action()) {
            // a row or cell that can be selected is clicked as a user clicks it, and must end up selected: its
            // accessible "Activate" acts on the row that has the cursor (GTK tree views), not on this one
            case CLICK -> s.has("selectable") && ROWS.contains(s.role())
                    ? chain(e -> e.has("selected"), "selected", click(MouseButton.LEFT, 1))
                    : chain(null, "clicked", semantic("Action.DoAction(click)", ACTIVATE), click(MouseButton.LEFT, 1));
            case DOUBLE_CLICK -> chain(null, "double-clicked", click(MouseButton.LEFT, 2));
            case TRIPLE_CLICK -> chain(null, "triple-clicked", click(MouseButton.LEFT, 3));
            case RIGHT_CLICK -> chain(null, "right-clicked", semantic("Action.DoAction(menu)", MENU),
                    click(MouseButton.RIGHT, 1));
            case HOVER -> chain(null, "hovered", new Chain.Step("XTEST motion", Mechanism.PHYSICAL, sc -> {
                physical.move(sc.state().bounds().centre());
                return Chain.Outcome.DELIVERED;
            }));
            case FOCUS -> s.has("focused") ? done("focused") : chain(e -> e.has("focused"), "focused",
                    new Chain.Step("Component.GrabFocus", Mechanism.SEMANTIC, sc -> sc.state().implementsInterface("Component")
                            ? Chain.of(tree.grabFocus(sc.handle(), sc.deadline())) : Chain.Outcome.SKIPPED),
                    click(MouseButton.LEFT, 1));
            case TYPE -> type(r, s);
            case SET_VALUE -> setValue(r, element, s);
            case FILL -> setText(r, element, s, r.text(), "filled with the text");
            case CLEAR -> setText(r, element, s, "", "empty");
            case SELECT -> select(r, s);
            case TOGGLE -> {
                requireCheckable(s, r.action());
                boolean was = s.has("checked");
                // a state that cannot be read cannot show the toggle did nothing: one toggle, never a second
                yield checkedStateReadable(s) ? chain(e -> e.has("checked") != was, was ? "unchecked" : "checked",
                        semantic("Action.DoAction(toggle)", TOGGLE), click(MouseButton.LEFT, 1))
                        : chain(null, "toggled", semantic("Action.DoAction(toggle)", TOGGLE), click(MouseButton.LEFT, 1));
            }
            case CHECK, UNCHECK -> {
                requireCheckable(s, r.action());
                requireReadableCheckedState(s, r.action());
                boolean want = r.action() == ElementAction.CHECK;
                yield s.has("checked") == want ? done(want ? "checked" : "unchecked")
                        : chain(e -> e.has("checked") == want, want ? "checked" : "unchecked",
                        semantic("Action.DoAction(toggle)", TOGGLE), click(MouseButton.LEFT, 1));
            }
            case EXPAND, COLLAPSE -> expansion(r.action() == ElementAction.EXPAND, s);
            case SCROLL -> chain(null, "scrolled", new Chain.Step("XTEST wheel", Mechanism.PHYSICAL, sc -> {
                physical.move(sc.state().bounds().centre());
                boolean horizontal = r.direction().equals("left") || r.direction().equals("right");
                int sign = r.direction().equals("up") || r.direction().equals("left") ? -1 : 1;
                physical.scroll(sign * r.amount(), horizontal);
                return Chain.Outcome.DELIVERED;
            }));
            case SCROLL_TO -> {
                int[] screen = physical.screenSize();
                // browsers mark what is scrolled out of their view not showing, though its bounds may be on screen
                Predicate<ElementState> visible = e -> e.bounds().onScreen(screen[0], screen[1]) && e.has("showing");
                yield visible.test(s) ? done("on screen") : chain(visible, "on screen",
                        new Chain.Step("Component.ScrollTo", Mechanism.SEMANTIC, sc -> sc.state().implementsInterface(
                                "Component") ? Chain.of(tree.scrollTo(sc.handle(), sc.deadline())) : Chain.Outcome.SKIPPED));
            }
            case DRAG -> chain(null, "dragged", new Chain.Step("XTEST drag", Mechanism.PHYSICAL, sc -> {
                physical.drag(sc.state().bounds().centre(), r.dropAt());
                return Chain.Outcome.DELIVERED;
            }));
            case ACTION -> {
                if (s.actionIndex(r.text()) < 0) {
                    throw UictlException.of(ErrorCode.ACTION_NOT_SUPPORTED, "the " + s.role() + " '" + s.name()
                            + "' has no action named '" + r.text() + "'").withDetail("actions", s.actions());
                }
                yield chain(null, "acted on", semantic("Action.DoAction(" + r.text() + ")", r.text()));
            }
        };
    }

    private Chain type(ActionRequest r, ElementState s) {
        String before = s.text() == null ? "" : s.text();
        Predicate<ElementState> expected = readable(s) ? e -> Objects.equals(e.text(), before + r.text()) : null;
        // Firefox accepts InsertText into a <textarea> and inserts nothing: the text read back unchanged proves it,
        // and the keys then type it once. A numeric field (Value) that kept its text refused the text on purpose
        // (GTK's spin button and letters): typed, it would commit something else (0)
        return new Chain(List.of(
                new Chain.Step("EditableText.InsertText", Mechanism.SEMANTIC, sc -> editable(sc.state())
                        ? Chain.of(tree.insertText(sc.handle(), before.codePointCount(0, before.length()), r.text(),
                        sc.deadline()))
                        : Chain.Outcome.SKIPPED),
                keyboard("XTEST click + typing", sc -> physical.type(r.text()))),
                expected, "ending in the typed text", false,
                expected == null || s.implementsInterface("Value") ? null : e -> Objects.equals(e.text(), before));
    }

    /**
     * A number for an element that holds one (Value), else text or an item. A value the element cannot take is
     * refused before anything is sent: an application clamps an out-of-range number (a slider set to 500 lands on
     * its maximum) and a spin button given a word ends up 0, so the call would change the element and still fail.
     */
    private Chain setValue(ActionRequest r, ElementHandle element, ElementState s) {
        if (s.implementsInterface("Value")) {
            double number = numberItTakes(r, element, s, r.text());
            return chain(e -> e.value() != null && Math.abs(e.value() - number) < 1e-9, "valued " + r.text(),
                    new Chain.Step("Value.CurrentValue", Mechanism.SEMANTIC, sc -> {
                        tree.setValue(sc.handle(), number, sc.deadline());
                        return Chain.Outcome.DELIVERED;
                    }));
        }
        // a combo box takes an item: through its Selection, or (Qt's has none) by its items
        if ((s.implementsInterface("Selection") || s.role().equals("combobox")) && !editable(s)) {
            return select(r, s);
        }
        return setText(r.text(), s, "valued '" + r.text() + "'");
    }

    /** fill and clear: a numeric field (Value) takes only a number it can hold, as for set-value. */
    private Chain setText(ActionRequest r, ElementHandle element, ElementState s, String text, String description) {
        if (s.implementsInterface("Value")) {
            numberItTakes(r, element, s, text);
        }
        return setText(text, s, description);
    }

    /**
     * Replaces the whole text: semantically, else click, select all and type (or delete, for an empty text). Only an
     * element that holds text takes it: typing into anything else would click it (a button pressed by set-value).
     */
    private Chain setText(String text, ElementState s, String description) {
        if (!s.implementsInterface("EditableText") && !s.has("editable")) {
            throw UictlException.of(ErrorCode.ACTION_NOT_SUPPORTED, "the " + s.role() + " '" + s.name()
                    + "' holds no text to set (no EditableText, not editable)")
                    .withDetail("interfaces", List.copyOf(new TreeSet<>(s.interfaces())))
                    .withHint(s.implementsInterface("Value") ? "It holds a number: `uictl set-value TARGET NUMBER`."
                            : "To send keystrokes to it anyway: `uictl type TARGET TEXT`.");
        }
        Predicate<ElementState> expected = readable(s) ? e -> Objects.equals(e.text() == null ? "" : e.text(), text) : null;
        if (expected != null && expected.test(s)) {
            return done(description);
        }
        return chain(expected, description,
                new Chain.Step("EditableText.SetTextContents", Mechanism.SEMANTIC, sc -> editable(sc.state())
                        ? Chain.of(tree.setText(sc.handle(), text, sc.deadline())) : Chain.Outcome.SKIPPED),
                keyboard("XTEST click + ctrl+a + typing", sc -> {
                    physical.press("ctrl+a");
                    if (text.isEmpty()) {
                        physical.press("BackSpace");
                    } else {
                        physical.type(text);
                    }
                }));
    }

    private Chain select(ActionRequest r, ElementState s) {
        Item item = findItem(r, s);
        boolean box = s.role().equals("combobox");
        // the container's Selection says which child is selected (a combo box: its active item); without one, the
        // item turns selected (list rows, Chromium's options) or a combo box shows its choice as its name (Qt, Swing).
        // No step here toggles an item in a popup list only: Qt's item Toggle does that without changing the choice.
        boolean containerSelects = tree.read(item.container(), r.deadline()).implementsInterface("Selection");
        // an item of an open list is "selected" when it is only highlighted (GTK's menus, after the Down keys and
        // before the Return is handled, and its menu's Selection with it): a box's item counts once its list closed,
        // which a box says (collapsed) or, when it cannot (GTK), its items do by no longer showing
        Predicate<ElementState> expected = e -> {
            if (box && (r.text().equals(e.name()) || r.text().equals(e.text()))) {
                return true;
            }
            ElementState is = tree.read(item.handle(), r.deadline());
            if (box && (e.has("expandable") ? e.has("expanded") : is.has("showing"))) {
                return false;
            }
            return containerSelects && tree.isChildSelected(item.container(), item.index(), r.deadline())
                    || selected(is);
        };
        return chain(expected, "showing '" + r.text() + "' selected",
                new Chain.Step("Selection.SelectChild", Mechanism.SEMANTIC, sc -> containerSelects
                        ? Chain.of(tree.selectChild(item.container(), item.index(), sc.deadline())) : Chain.Outcome.SKIPPED),
                // activating a combo box's menu item chooses it; a table cell's "Activate" acts on the row that has
                // the cursor (GTK's file chooser returned the preselected file), so rows are never activated
                new Chain.Step("Action.DoAction(click) on the item", Mechanism.SEMANTIC, sc -> {
                    ElementState is = tree.read(item.handle(), sc.deadline());
                    int i = box ? is.actionIndex(CHOOSE_ITEM) : -1;
                    return i < 0 ? Chain.Outcome.SKIPPED : Chain.of(tree.doAction(item.handle(), i, sc.deadline()));
                }),
                box ? boxByKeyboard(item, r.mode() != ChainMode.PHYSICAL) : new Chain.Step("XTEST click on the item",
                        Mechanism.PHYSICAL, sc -> {
                    java.util.Optional<ElementState> shown = shownOnScreen(item.handle(), r);
                    if (shown.isEmpty()) {
                        return Chain.Outcome.SKIPPED;
                    }
                    physical.click(shown.get().bounds().centre(), MouseButton.LEFT, 1);
                    return Chain.Outcome.DELIVERED;
                }));
    }

    /**
     * A combo box's list, opened by its own action (Qt "ShowMenu", GTK "press"; a click where it has none), is
     * walked with the keyboard: Home, Down as many times as the item's index, Return (GTK, Qt and Swing lists
     * alike). Clicking the item itself would not do: Qt's items report the place they had when the list was last
     * open, showing or not, and Qt refuses GrabFocus to a closed box. The action returns once the toolkit has opened
     * the list, so the keys reach the list, not the box (where a Return could press the form's default button).
     */
    private Chain.Step boxByKeyboard(Item item, boolean openByAction) {
        return new Chain.Step("open the box, then Home, Down x" + item.index() + ", Return (no Return when the list "
                + "never says it opened)", Mechanism.PHYSICAL, sc -> {
            int open = openByAction ? sc.state().actionIndex(OPEN_LIST) : -1; // --physical: a click opens it
            if (open >= 0) {
                if (!tree.doAction(sc.handle(), open, sc.deadline())) {
                    return Chain.Outcome.REFUSED;
                }
            } else {
                boolean itemShownBefore = tree.read(item.handle(), sc.deadline()).has("showing");
                physical.click(sc.state().bounds().centre(), MouseButton.LEFT, 1);
                // the click returns before the list is mapped: GTK's items turn showing once it is (Qt's say they
                // show all along, and there is nothing to await)
                if (!itemShownBefore && !sc.state().has("expandable")
                        && !holdsSoon(item.handle(), "showing", LIST_MS, sc)) {
                    return Chain.Outcome.DELIVERED; // the list did not open: nothing but the click was sent
                }
            }
            // a box that can say its list is open gets the list keys only once it does: a Return sent to the
            // closed box could reach the form. Firefox opens its list after answering and never says so: the list
            // is closed again and the closed box, focused, moves its choice with Home and Down (and no Return)
            boolean listOpen = !sc.state().has("expandable") || holdsSoon(sc.handle(), "expanded", FOCUS_MS, sc);
            if (!listOpen) {
                physical.press("Escape");
                if (!holdsSoon(sc.handle(), "focused", FOCUS_MS, sc)) {
                    return Chain.Outcome.DELIVERED; // neither list nor box has the keys: only the opening was sent
                }
            }
            physical.press("Home");
            for (int i = 0; i < item.index(); i++) {
                physical.press("Down");
            }
            if (listOpen) {
                physical.press("Return");
            }
            return Chain.Outcome.DELIVERED;
        });
    }

    /** The item read fresh, when it shows on the screen (a list row scrolled out of view does not). */
    private java.util.Optional<ElementState> shownOnScreen(ElementHandle item, ActionRequest r) {
        int[] screen = physical.screenSize();
        ElementState is = tree.read(item, r.deadline());
        return is.has("showing") && is.bounds().onScreen(screen[0], screen[1]) ? java.util.Optional.of(is)
                : java.util.Optional.empty();
    }

    private static boolean selected(ElementState item) {
        return item.has("selected") || item.has("checked");
    }

    /** An item named as the request says under the element (children, then grandchildren), and its container. */
    private record Item(ElementHandle container, int index, ElementHandle handle) {
    }

    private Item findItem(ActionRequest r, ElementState s) {
        return search(r, r.locator().locate(r.deadline()).orElseThrow().handle(), 1, s.role().equals("combobox"))
                .orElseThrow(() -> UictlException.of(
                ErrorCode.ELEMENT_NOT_FOUND, "the " + s.role() + " '" + s.name() + "' has no item named '" + r.text() + "'")
                .withHint("List its items with `uictl snapshot --root " + r.target() + "`."));
    }

    /**
     * The item and the container that selects it: its own parent (a list; a table's row, whose index in the table
     * would name another child), or, under a combo box ({@code box}), the box itself, which selects its menu's
     * items by their index through its own Selection.
     */
    private java.util.Optional<Item> search(ActionRequest r, ElementHandle container, int depth, boolean box) {
        List<ElementHandle> children = tree.children(container, r.deadline());
        for (int i = 0; i < children.size(); i++) {
            if (tree.read(children.get(i), r.deadline()).name().equals(r.text())) {
                return java.util.Optional.of(new Item(container, i, children.get(i)));
            }
        }
        if (depth < SELECT_DEPTH) {
            for (ElementHandle child : children) {
                var found = search(r, child, depth + 1, box);
                if (found.isPresent()) {
                    return box ? java.util.Optional.of(new Item(container, found.get().index(), found.get().handle()))
                            : found;
                }
            }
        }
        return java.util.Optional.empty();
    }

    private Chain expansion(boolean want, ElementState s) {
        String description = want ? "expanded" : "collapsed";
        if (!s.has("expandable") && !s.has("expanded")) {
            throw UictlException.of(ErrorCode.ACTION_NOT_SUPPORTED, "the " + s.role() + " '" + s.name()
                    + "' cannot be " + description + " (it is not expandable)").withDetail("states", List.copyOf(s.states()));
        }
        if (s.has("expanded") == want) {
            return done(description);
        }
        return chain(e -> e.has("expanded") == want, description, semantic("Action.DoAction(expand or contract)", EXPAND));
    }

    // ------------------------------------------------------------------------------------------------- helpers

    private static Chain chain(Predicate<ElementState> expected, String description, Chain.Step... steps) {
        return new Chain(List.of(steps), expected, description, false, null);
    }

    private static Chain done(String description) {
        return new Chain(List.of(), e -> true, description, true, null);
    }

    private Chain.Step semantic(String label, String... names) {
        return new Chain.Step(label, Mechanism.SEMANTIC, sc -> {
            int i = sc.state().actionIndex(names);
            return i < 0 ? Chain.Outcome.SKIPPED : Chain.of(tree.doAction(sc.handle(), i, sc.deadline()));
        });
    }

    private Chain.Step click(MouseButton button, int count) {
        String label = "XTEST " + button.wireName() + (count > 1 ? " x" + count : "") + " click";
        return new Chain.Step(label, Mechanism.PHYSICAL, sc -> {
            physical.click(sc.state().bounds().centre(), button, count);
            return Chain.Outcome.DELIVERED;
        });
    }

    /**
     * Activates the element's window (an element can say it is focused in a window that does not have the keyboard:
     * a browser just started), clicks the element when it is not focused, then runs {@code keys} once it says it has
     * the focus: keys sent before then are lost or go to whatever had it. When the focus never comes, only the click
     * was delivered.
     */
    private Chain.Step keyboard(String label, java.util.function.Consumer<Chain.StepContext> keys) {
        return new Chain.Step(label, Mechanism.PHYSICAL, sc -> {
            physical.raise(sc.state().bounds().centre(), sc.state().pid());
            if (!sc.state().has("focused")) {
                physical.click(sc.state().bounds().centre(), MouseButton.LEFT, 1);
                if (!holdsSoon(sc.handle(), "focused", FOCUS_MS, sc)) {
                    return Chain.Outcome.DELIVERED;
                }
            }
            keys.accept(sc);
            return Chain.Outcome.DELIVERED;
        });
    }

    /** Whether the element says {@code state} within {@code millis} of the step's input. */
    private boolean holdsSoon(ElementHandle element, String state, long millis, Chain.StepContext sc) {
        // each read has the request's budget: the last read, at the end of this wait, under this wait's own
        // deadline would have none and fail as an application that did not answer
        Deadline until = sc.deadline().min(Deadline.afterMillis(millis));
        return StateWait.until(() -> tree.read(element, sc.deadline()), s -> s.has(state), until, sc.cancellation())
                .isPresent();
    }

    private static boolean editable(ElementState s) {
        return s.implementsInterface("EditableText") && s.has("editable");
    }

    /** Rows of lists, tables and trees, and their cells. */
    private static final Set<String> ROWS = Set.of("cell", "tablecell", "listitem", "treeitem", "row", "tablerow");

    private static final Set<String> CHECKABLE_ROLES = Set.of("checkbox", "radiobutton",
            "togglebutton", "switch");

    /** Checking anything else would click it: a button pressed by `check`, and no checked state ever to verify. */
    private static void requireCheckable(ElementState s, ElementAction action) {
        if (!CHECKABLE_ROLES.contains(s.role()) && !s.has("checkable") && !s.has("checked")
                && s.actionIndex("toggle") < 0) {
            throw UictlException.of(ErrorCode.ACTION_NOT_SUPPORTED, "the " + s.role() + " '" + s.name()
                    + "' cannot be checked or unchecked (not a check box, radio button, toggle or switch)")
                    .withDetail("action", action.wireName()).withDetail("states", List.copyOf(s.states()))
                    .withHint("To press it: `uictl click TARGET`.");
        }
    }

    /**
     * Whether the element says if it is checked. A GTK popover's check menu item has a toggle action but no checked
     * or checkable state: whether it is on cannot be read.
     */
    private static boolean checkedStateReadable(ElementState s) {
        return CHECKABLE_ROLES.contains(s.role()) || s.has("checkable") || s.has("checked");
    }

    /**
     * check and uncheck promise an end state: on an element that does not say whether it is checked, a toggle could
     * turn it the wrong way and nothing would tell.
     */
    private static void requireReadableCheckedState(ElementState s, ElementAction action) {
        if (!checkedStateReadable(s)) {
            throw UictlException.of(ErrorCode.ACTION_NOT_SUPPORTED, "the " + s.role() + " '" + s.name()
                    + "' does not expose whether it is checked, so `" + action.wireName()
                    + "` cannot tell whether to toggle it").withDetail("action", action.wireName())
                    .withDetail("states", List.copyOf(s.states()))
                    .withHint("To toggle it once: `uictl toggle TARGET`; a screenshot shows its state.");
        }
    }

    /** A password field's text reads back as bullets, so typing into it cannot be verified. */
    private static boolean readable(ElementState s) {
        return s.text() != null && !s.secret();
    }

    /** The number {@code text} gives a Value element, refused (before anything is sent) unless the element takes it. */
    private double numberItTakes(ActionRequest r, ElementHandle element, ElementState s, String text) {
        AccessibilityTree.ValueRange range = tree.valueRange(element, r.deadline());
        String takes = "the " + s.role() + " '" + s.name() + "' takes a number" + (range.bounded()
                ? " from " + plain(range.minimum()) + " to " + plain(range.maximum()) : "");
        Double number = parseNumber(text);
        if (number == null || !Double.isFinite(number)) {
            throw refusal(s, range, takes + ", not '" + text + "'", "not_a_number");
        }
        if (range.bounded() && !range.contains(number)) {
            throw refusal(s, range, takes + "; " + text.strip() + " is out of range", "out_of_range");
        }
        return number;
    }

    private static UictlException refusal(ElementState s, AccessibilityTree.ValueRange range, String message,
                                          String kind) {
        UictlException e = UictlException.of(ErrorCode.INVALID_ARGS, message)
                .withHint("Give a number in its range: `uictl get element TARGET --property value` shows the current "
                        + "one.")
                .withDetail("kind", kind).withDetail("role", s.role()).withDetail("name", s.name())
                .withDelivery(Delivery.NOT_DELIVERED);
        return range.bounded() ? e.withDetail("minimum", range.minimum()).withDetail("maximum", range.maximum()) : e;
    }

    /** 100 rather than 100.0: the bounds as a person writes them. */
    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static Double parseNumber(String text) {
        try {
            return Double.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
