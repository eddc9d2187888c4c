package dev.uictl.engine.desktop.select;

import dev.uictl.core.pattern.UserPattern;
import dev.uictl.engine.desktop.model.Window;
import java.util.List;
import java.util.Locale;

/** One whitespace-separated term of a window selector; {@link #mode()} names the rule in errors. */
public sealed interface SelectorTerm {
    String mode();

    /** The windows of {@code candidates} this term accepts (the whole list is needed for fuzzy shorthands). */
    List<Window> filter(List<Window> candidates);

    private static List<Window> where(List<Window> candidates, java.util.function.Predicate<Window> p) {
        return candidates.stream().filter(p).toList();
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** {@code @w3} / {@code ref=w3}. */
    record Ref(int number) implements SelectorTerm {
        public String mode() {
            return "ref";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> w.refNumber() == number);
        }
    }

    /** {@code id=win5}. */
    record Id(String windowId) implements SelectorTerm {
        public String mode() {
            return "id";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> w.windowId().equals(windowId));
        }
    }

    /** {@code xid=0x3a00007} (or decimal). */
    record Xid(long xid) implements SelectorTerm {
        public String mode() {
            return "xid";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> Long.decode(w.xid()) == xid);
        }
    }

    record Pid(long pid) implements SelectorTerm {
        public String mode() {
            return "pid";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> w.pid() != null && w.pid() == pid);
        }
    }

    /** {@code title=Exact}, case-insensitive. */
    record TitleExact(String title) implements SelectorTerm {
        public String mode() {
            return "title";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> w.title().equalsIgnoreCase(title));
        }
    }

    /** {@code title~=sub}, case-insensitive. */
    record TitleContains(String part) implements SelectorTerm {
        public String mode() {
            return "title_substring";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> lower(w.title()).contains(lower(part)));
        }
    }

    /** {@code title=/re/}: the regex must be found somewhere in the title. */
    record TitleRegex(UserPattern pattern) implements SelectorTerm {
        public String mode() {
            return "title_regex";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> pattern.find(w.title()));
        }
    }

    /** {@code class=xterm} / {@code app=xterm}: WM_CLASS class or instance, case-insensitive. */
    record AppClass(String name) implements SelectorTerm {
        public String mode() {
            return "class";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, w -> w.appName().equalsIgnoreCase(name));
        }
    }

    /** {@code focused}: the window with keyboard focus. */
    record Focused() implements SelectorTerm {
        public String mode() {
            return "focused";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, Window::focused);
        }
    }

    /** {@code active}: the window manager's active window (the focused one on EWMH desktops). */
    record Active() implements SelectorTerm {
        public String mode() {
            return "active";
        }

        public List<Window> filter(List<Window> c) {
            return where(c, Window::focused);
        }
    }

    /**
     * A bare word: a ref ({@code w3}) or window id ({@code win5}) shorthand when such a window exists, else a
     * case-insensitive substring of the title or the class.
     */
    record Fuzzy(String word) implements SelectorTerm {
        public String mode() {
            return "fuzzy";
        }

        public List<Window> filter(List<Window> c) {
            String w = lower(word);
            if (w.matches("w\\d{1,9}")) {
                List<Window> byRef = new Ref(Integer.parseInt(w.substring(1))).filter(c);
                if (!byRef.isEmpty()) {
                    return byRef;
                }
            }
            if (w.matches("win\\d{1,9}")) {
                List<Window> byId = new Id(w).filter(c);
                if (!byId.isEmpty()) {
                    return byId;
                }
            }
            return where(c, x -> lower(x.title()).contains(w) || lower(x.appName()).contains(w));
        }
    }
}
