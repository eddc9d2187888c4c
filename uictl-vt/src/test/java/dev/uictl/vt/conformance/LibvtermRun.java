package dev.uictl.vt.conformance;

import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Style;
import dev.uictl.vt.Terminal;
import dev.uictl.vt.conformance.LibvtermScript.Assertion;
import dev.uictl.vt.conformance.LibvtermScript.Command;
import dev.uictl.vt.conformance.LibvtermScript.Expectation;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Runs one libvterm script against {@link Terminal} (80x25, as libvterm's harness) and judges every check that a
 * screen API can answer: the {@code ?} assertions about cursor, cells, rows and pen, and the {@code output}
 * expectations after PUSH (the terminal's replies to the program). The other expectations are libvterm's
 * callbacks to its embedder, and {@code output} after INKEY, MOUSE…, FOCUS, PASTE or SELECTION is keyboard and
 * mouse encoding: those are recorded as skipped, with the reason.
 */
final class LibvtermRun {

    enum Outcome { PASS, FAIL, SKIP }

    /** One check: where, what, how it went; {@code detail} is the actual value or the reason for skipping. */
    record Check(String file, int line, String what, Outcome outcome, String detail) {}

    private static final Set<String> INPUT_COMMANDS = Set.of("INKEY", "INCHAR", "MOUSEMOVE", "MOUSEBTN", "FOCUS",
            "PASTE", "SELECTION", "ENCIN");

    private final String file;
    private final List<Check> checks = new ArrayList<>();
    private final LibvtermPalette palette = new LibvtermPalette();
    private int rows = 25;
    private int cols = 80;
    private Terminal terminal;
    /** The size the terminal had when it was made: the pen probe starts its copy there. */
    private int freshRows;
    private int freshCols;
    /** Everything done to the terminal since INIT or RESET: the pen is read by replaying it into a copy. */
    private final List<Consumer<Terminal>> history = new ArrayList<>();
    private final ByteArrayOutputStream replies = new ByteArrayOutputStream();
    /** The replies of the last PUSH not yet matched by an {@code output} expectation. */
    private String unmatchedReplies = "";
    private String lastCommand = "";

    private LibvtermRun(String file) {
        this.file = file;
        fresh();
    }

    static List<Check> run(String file, String script) {
        var run = new LibvtermRun(file);
        for (LibvtermScript.Step step : LibvtermScript.parse(script)) {
            switch (step) {
                case Command c -> run.command(c);
                case Expectation e -> run.expectation(e);
                case Assertion a -> run.assertion(a);
            }
        }
        return run.checks;
    }

    private void fresh() {
        terminal = new Terminal(rows, cols);
        freshRows = rows;
        freshCols = cols;
        terminal.onReply(replies::writeBytes);
        history.clear();
    }

    private void command(Command c) {
        lastCommand = c.name();
        switch (c.name()) {
            case "INIT" -> {
                rows = 25;
                cols = 80;
                palette.defaultFg = "rgb(240,240,240)";
                palette.defaultBg = "rgb(0,0,0)";
                fresh();
            }
            case "RESET" -> fresh();
            case "PUSH" -> {
                byte[] bytes = PerlString.bytes(c.argument());
                replies.reset();
                apply(t -> t.write(bytes));
                unmatchedReplies = replies.toString(StandardCharsets.ISO_8859_1);
            }
            case "RESIZE" -> {
                int[] size = LibvtermQueries.ints(c.argument());
                rows = size[0];
                cols = size[1];
                apply(t -> t.resize(size[0], size[1]));
            }
            case "SETDEFAULTCOL" -> {
                String[] colours = c.argument().split("\\s+");
                palette.defaultFg = colours[0];
                if (colours.length > 1) palette.defaultBg = colours[1];
            }
            default -> { }   // UTF8, WANTSTATE, WANTSCREEN, DAMAGE…: which callbacks libvterm reports
        }
    }

    private void apply(Consumer<Terminal> action) {
        history.add(action);
        action.accept(terminal);
    }

    private void expectation(Expectation e) {
        String what = e.kind() + " " + e.text();
        if (!e.kind().equals("output")) {
            skip(e.line(), what, "callback '" + e.kind() + "' (libvterm tells its embedder; a screen API shows the effect)");
        } else if (INPUT_COMMANDS.contains(lastCommand)) {
            skip(e.line(), what, "output after " + lastCommand + " (keyboard, mouse and paste encoding, not the screen)");
        } else {
            String expected = new String(PerlString.bytes(e.text()), StandardCharsets.ISO_8859_1);
            boolean pass = unmatchedReplies.startsWith(expected);
            record(e.line(), what, pass, printable(unmatchedReplies));
            if (pass) unmatchedReplies = unmatchedReplies.substring(expected.length());
        }
    }

    private void assertion(Assertion a) {
        ScreenSnapshot snapshot = terminal.snapshot(true, 0);
        var q = new LibvtermQueries(snapshot, palette);
        String query = a.query();
        String name = query.split("\\s+")[0];
        String arg = query.substring(name.length()).strip();
        String what = "?" + query + " = " + a.expected();
        switch (name) {
            case "cursor" -> compare(a, what, q.cursor());
            case "pen" -> compare(a, what, pen(arg));
            case "lineinfo" -> compare(a, what, "");   // no double-size lines, and the API has no continuation flag
            case "screen_cell" -> {
                int[] p = LibvtermQueries.ints(arg);
                compare(a, what, q.cellText(p[0], p[1]));
            }
            case "screen_eol" -> {
                int[] p = LibvtermQueries.ints(arg);
                compare(a, what, q.eol(p[0], p[1]));
            }
            case "screen_attrs_extent" -> {
                int[] p = LibvtermQueries.ints(arg);
                compare(a, what, q.attrsExtent(p[0], p[1]));
            }
            case "screen_row" -> codePoints(a, what, q.row(Integer.parseInt(arg)));
            case "screen_chars" -> {
                int[] r = LibvtermQueries.ints(arg);
                codePoints(a, what, r.length == 1 ? q.row(r[0]) : q.chars(r[0], r[1], r[2], r[3]));
            }
            case "screen_text" -> {
                int[] r = LibvtermQueries.ints(arg);
                codePoints(a, what, q.text(r[0], r[1], r[2], r[3]));
            }
            default -> throw new IllegalStateException(file + ":" + a.line() + ": unknown query " + query);
        }
    }

    private void compare(Assertion a, String what, String actual) {
        record(a.line(), what, a.expected().replaceAll("\\s+", " ").equals(actual), actual);
    }

    /** Expected as a Perl string or as hex code points "0x41,0x42". */
    private void codePoints(Assertion a, String what, int[] actual) {
        int[] expected = a.expected().startsWith("\"") ? PerlString.codePoints(a.expected())
                : a.expected().isEmpty() ? new int[0]
                : Arrays.stream(a.expected().split(",")).mapToInt(h -> Integer.decode(h.strip())).toArray();
        record(a.line(), what, Arrays.equals(expected, actual),
                Arrays.stream(actual).mapToObj(cp -> "0x" + Integer.toHexString(cp)).collect(Collectors.joining(",")));
    }

    /**
     * The pen as the harness prints it. The screen API shows the pen only on cells it wrote, so a copy of the
     * terminal replays the same history and prints one character at home: its style is the pen.
     */
    private String pen(String attribute) {
        var copy = new Terminal(freshRows, freshCols);
        history.forEach(action -> action.accept(copy));
        copy.write("\033[HX".getBytes(StandardCharsets.US_ASCII));
        ScreenSnapshot s = copy.snapshot(true, 0);
        int row = s.cursor().row();
        Style style = s.cells().get(row).get(Math.max(s.cursor().col() - 1, 0)).style();
        return switch (attribute) {
            case "bold" -> onOff(style.bold());
            case "underline" -> style.underline() ? "1" : "0";
            case "italic" -> onOff(style.italic());
            case "reverse" -> onOff(style.inverse());
            case "blink", "small" -> "off";   // not in the model
            case "font" -> "0";
            case "baseline" -> "normal";
            case "foreground" -> LibvtermPalette.pen(style.fg(), true);
            case "background" -> LibvtermPalette.pen(style.bg(), false);
            default -> "?";
        };
    }

    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }

    private void record(int line, String what, boolean pass, String actual) {
        checks.add(new Check(file, line, what, pass ? Outcome.PASS : Outcome.FAIL, actual));
    }

    private void skip(int line, String what, String reason) {
        checks.add(new Check(file, line, what, Outcome.SKIP, reason));
    }

    private static String printable(String s) {
        return s.replace("\033", "\\e");
    }
}
