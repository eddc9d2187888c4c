package dev.uictl.atspi.walk;

import java.util.List;

/**
 * AT-SPI role numbers ({@code AtspiRole}, at-spi2-core 2.46) and their names as {@code GetRoleName} spells them
 * ("push button"). Numbers past the table are shown as "unknown".
 */
public final class Roles {
    public static final int APPLICATION = 75;
    public static final int FRAME = 23;
    public static final int DIALOG = 16;
    public static final int WINDOW = 69;
    public static final int ALERT = 2;
    public static final int FILE_CHOOSER = 19;

    private static final List<String> NAMES = List.of(
            "invalid", "accelerator label", "alert", "animation", "arrow", "calendar", "canvas", "check box",
            "check menu item", "color chooser", "column header", "combo box", "date editor", "desktop icon",
            "desktop frame", "dial", "dialog", "directory pane", "drawing area", "file chooser", "filler",
            "focus traversable", "font chooser", "frame", "glass pane", "html container", "icon", "image",
            "internal frame", "label", "layered pane", "list", "list item", "menu", "menu bar", "menu item",
            "option pane", "page tab", "page tab list", "panel", "password text", "popup menu", "progress bar",
            "push button", "radio button", "radio menu item", "root pane", "row header", "scroll bar", "scroll pane",
            "separator", "slider", "spin button", "split pane", "status bar", "table", "table cell",
            "table column header", "table row header", "tearoff menu item", "terminal", "text", "toggle button",
            "tool bar", "tool tip", "tree", "tree table", "unknown", "viewport", "window", "extended", "header",
            "footer", "paragraph", "ruler", "application", "autocomplete", "editbar", "embedded", "entry", "chart",
            "caption", "document frame", "heading", "page", "section", "redundant object", "form", "link",
            "input method window", "table row", "tree item", "document spreadsheet", "document presentation",
            "document text", "document web", "document email", "comment", "list box", "grouping", "image map",
            "notification", "info bar", "level bar", "title bar", "block quote", "audio", "video", "definition",
            "article", "landmark", "log", "marquee", "math", "rating", "timer", "static", "math fraction",
            "math root", "subscript", "superscript", "description list", "description term", "description value",
            "footnote", "content deletion", "content insertion", "mark", "suggestion", "push button menu");

    private Roles() {
    }

    public static String name(int role) {
        return role >= 0 && role < NAMES.size() ? NAMES.get(role) : "unknown";
    }

    /** The number for a {@code GetRoleName}-style name, or -1. */
    public static int number(String name) {
        return NAMES.indexOf(name);
    }

    public static int count() {
        return NAMES.size();
    }

    /** Top-level roles: what an application's children are, and what an X window maps to. */
    public static boolean isWindowLike(int role) {
        return role == FRAME || role == DIALOG || role == WINDOW || role == ALERT || role == FILE_CHOOSER;
    }
}
