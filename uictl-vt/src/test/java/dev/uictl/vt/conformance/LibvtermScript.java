package dev.uictl.vt.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * A libvterm {@code t/*.test} script read as run-test.pl reads it: upper-case commands, lower-case expectations of
 * the callbacks the command caused, {@code ?query = value} assertions, and the {@code $SEQ} / {@code $REP} loops.
 */
final class LibvtermScript {

    /** One line of the script; {@code line} is its number in the file. */
    sealed interface Step {
        int line();
    }

    /** An upper-case command: INIT, RESET, PUSH, RESIZE, WANTSCREEN, INKEY, … with its argument text. */
    record Command(int line, String name, String argument) implements Step {}

    /** A lower-case expectation: a callback libvterm should have made ({@code output} is a reply to the program). */
    record Expectation(int line, String kind, String text) implements Step {}

    /** A {@code ?query = expected} assertion about the state after the commands so far. */
    record Assertion(int line, String query, String expected) implements Step {}

    private LibvtermScript() {}

    static List<Step> parse(String text) {
        var steps = new ArrayList<Step>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.equals("__END__")) break;
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) continue;
            add(line, i + 1, steps);
        }
        return steps;
    }

    private static void add(String line, int number, List<Step> steps) {
        if (line.startsWith("$SEQ")) {
            int colon = line.indexOf(':');
            String[] range = line.substring(4, colon).strip().split("\\s+");
            for (int v = Integer.parseInt(range[0]); v <= Integer.parseInt(range[1]); v++) {
                add(line.substring(colon + 1).strip().replace("\\#", Integer.toString(v)), number, steps);
            }
        } else if (line.startsWith("$REP")) {
            int colon = line.indexOf(':');
            int times = Integer.parseInt(line.substring(4, colon).strip());
            for (int k = 0; k < times; k++) add(line.substring(colon + 1).strip(), number, steps);
        } else if (line.startsWith("?")) {
            int eq = line.indexOf('=');
            steps.add(new Assertion(number, line.substring(1, eq).strip(), line.substring(eq + 1).strip()));
        } else if (Character.isUpperCase(line.charAt(0))) {
            int space = line.indexOf(' ');
            steps.add(space < 0 ? new Command(number, line, "")
                    : new Command(number, line.substring(0, space), line.substring(space + 1).strip()));
        } else {
            int space = line.indexOf(' ');
            steps.add(space < 0 ? new Expectation(number, line, "")
                    : new Expectation(number, line.substring(0, space), line.substring(space + 1).strip()));
        }
    }
}
