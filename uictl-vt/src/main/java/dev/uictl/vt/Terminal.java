package dev.uictl.vt;

import dev.uictl.vt.parser.Parser;
import dev.uictl.vt.screen.ModeState;
import dev.uictl.vt.screen.Screen;
import dev.uictl.vt.xterm.Host;
import dev.uictl.vt.xterm.XtermPerformer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A headless xterm-compatible terminal (as tmux 3.3a emulates it, and as xterm where tmux departs from it): feed it
 * the program's output, read snapshots.
 * Not thread-safe: callers serialize access. Never throws on program output; unknown sequences are reported as
 * {@link TerminalEvent.Unsupported} and otherwise ignored.
 */
public final class Terminal {

    public static final int DEFAULT_SCROLLBACK = 10_000;

    private final Screen screen;
    private final Parser parser;
    /** Titles saved by XTWINOPS 22; bounded because nothing obliges a program to pop what it pushes. */
    private static final int TITLE_STACK_LIMIT = 64;

    private String title = "";
    private String iconTitle = "";
    /** Saved (icon, window) titles; null where that title was not saved. */
    private final Deque<String[]> titleStack = new ArrayDeque<>();
    private long changeCount;
    private long unsupportedCount;
    private Consumer<byte[]> replies = bytes -> { };
    private Consumer<TerminalEvent> events = event -> { };

    public Terminal(int rows, int cols) {
        this(rows, cols, DEFAULT_SCROLLBACK);
    }

    public Terminal(int rows, int cols, int scrollbackLimit) {
        this.screen = new Screen(rows, cols, scrollbackLimit);
        this.parser = new Parser(new XtermPerformer(screen, new FacadeHost()));
    }

    /** Feeds program output (UTF-8; sequences and code points may be split across calls). */
    public void write(byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        if (length == 0) return;
        changeCount++;
        parser.advance(data, offset, length);
    }

    public void write(byte[] data) {
        write(data, 0, data.length);
    }

    /** Resizes like tmux (no reflow); the cursor stays on screen. Sizes below 1x1 are rejected. */
    public void resize(int rows, int cols) {
        if (rows < 1 || cols < 1) throw new IllegalArgumentException("terminal size must be at least 1x1, got " + rows + "x" + cols);
        changeCount++;
        screen.resize(rows, cols);
    }

    /**
     * An immutable copy of the screen.
     *
     * @param withCells       include per-cell characters and styles
     * @param scrollbackLines how many of the newest scrollback lines to include (0 = none)
     */
    public ScreenSnapshot snapshot(boolean withCells, int scrollbackLines) {
        ModeState m = screen.modes();
        var modes = new Modes(m.applicationCursor, m.applicationKeypad, m.bracketedPaste, m.mouseTracking.label,
                m.mouseEncoding.label, m.focusEvents, m.autowrap, m.originMode, m.insertMode);
        return new ScreenSnapshot(screen.rows(), screen.cols(),
                new Cursor(screen.cursorRow(), screen.cursorCol(), m.cursorVisible), screen.alternateScreen(), title,
                modes, List.copyOf(screen.lineTexts()), withCells ? screen.cells() : null,
                List.copyOf(screen.scrollbackTail(scrollbackLines)), List.copyOf(screen.lineRenditions()));
    }

    public KeyModes keyModes() {
        ModeState m = screen.modes();
        return new KeyModes(m.applicationCursor, m.applicationKeypad, m.bracketedPaste);
    }

    /** Increases with every write and resize (settle detection compares two readings). */
    public long changeCount() {
        return changeCount;
    }

    /** How many unsupported sequences were seen so far. */
    public long unsupportedCount() {
        return unsupportedCount;
    }

    /** Where query replies (DSR, DA, DECRQM, …) go: the caller writes them to the program's input. */
    public void onReply(Consumer<byte[]> replies) {
        this.replies = Objects.requireNonNull(replies, "replies");
    }

    public void onEvent(Consumer<TerminalEvent> events) {
        this.events = Objects.requireNonNull(events, "events");
    }

    private final class FacadeHost implements Host {
        @Override
        public void reply(String text) {
            replies.accept(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void bell() {
            events.accept(new TerminalEvent.Bell());
        }

        @Override
        public void title(String newTitle) {
            title = newTitle;
            events.accept(new TerminalEvent.TitleChanged(newTitle));
        }

        @Override
        public void iconTitle(String newTitle) {
            iconTitle = newTitle;
        }

        @Override
        public String title() {
            return title;
        }

        @Override
        public String iconTitle() {
            return iconTitle;
        }

        @Override
        public void pushTitle(int which) {
            if (titleStack.size() == TITLE_STACK_LIMIT) titleStack.removeLast();
            titleStack.push(new String[] {which != 2 ? iconTitle : null, which != 1 ? title : null});
        }

        /** A title the popped entry did not save comes from the nearest entry below that did (xterm). */
        @Override
        public void popTitle(int which) {
            String[] saved = titleStack.poll();
            if (saved == null) return;
            String icon = saved[0] != null ? saved[0] : savedBelow(0);
            String window = saved[1] != null ? saved[1] : savedBelow(1);
            if (which != 2 && icon != null) iconTitle = icon;
            if (which != 1 && window != null && !window.equals(title)) title(window);
        }

        private String savedBelow(int kind) {
            for (String[] entry : titleStack) if (entry[kind] != null) return entry[kind];
            return null;
        }

        @Override
        public void unsupported(String sequence) {
            unsupportedCount++;
            events.accept(new TerminalEvent.Unsupported(sequence));
        }
    }
}
