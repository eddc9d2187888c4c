package dev.uictl.vt.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of Perl string syntax libvterm's test scripts use (run-test.pl {@code eval}s them): double-quoted
 * literals with {@code \e \n \r \t \b \a \0 \xHH \x{H…}} and backslashed punctuation, joined by {@code .} and
 * repeated by {@code x N}.
 */
final class PerlString {

    private PerlString() {}

    /** The characters of the expression, as code points. */
    static int[] codePoints(String expression) {
        var out = new ArrayList<Integer>();
        int i = 0;
        int n = expression.length();
        while (i < n) {
            char c = expression.charAt(i);
            if (c == '"') {
                var literal = new ArrayList<Integer>();
                i = literal(expression, i + 1, literal);
                i = repeat(expression, i, literal);
                out.addAll(literal);
            } else if (c == ' ' || c == '.') {
                i++;
            } else {
                throw new IllegalArgumentException("not a Perl string expression: " + expression);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The bytes Perl's {@code unpack "H*"} would see: characters up to 0xFF as bytes, others as UTF-8. */
    static byte[] bytes(String expression) {
        var out = new ByteArrayOutputStream();
        for (int cp : codePoints(expression)) {
            if (cp <= 0xFF) out.write(cp);
            else out.writeBytes(Character.toString(cp).getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static int literal(String s, int i, List<Integer> out) {
        while (s.charAt(i) != '"') {
            char c = s.charAt(i++);
            if (c != '\\') {
                out.add((int) c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case 'e' -> out.add(0x1B);
                case 'n' -> out.add(0x0A);
                case 'r' -> out.add(0x0D);
                case 't' -> out.add(0x09);
                case 'b' -> out.add(0x08);
                case 'a' -> out.add(0x07);
                case '0' -> out.add(0);
                case 'x' -> {
                    int end;
                    if (s.charAt(i) == '{') {
                        end = s.indexOf('}', i);
                        out.add(Integer.parseInt(s.substring(i + 1, end), 16));
                        i = end + 1;
                    } else {
                        end = i;
                        while (end < i + 2 && Character.digit(s.charAt(end), 16) >= 0) end++;
                        out.add(Integer.parseInt(s.substring(i, end), 16));
                        i = end;
                    }
                }
                default -> out.add((int) e);   // \\ \" \$ and other punctuation stand for themselves
            }
        }
        return i + 1;
    }

    /** {@code x N} after a literal repeats it. */
    private static int repeat(String s, int i, List<Integer> literal) {
        int j = i;
        while (j < s.length() && s.charAt(j) == ' ') j++;
        if (j >= s.length() || s.charAt(j) != 'x') return i;
        j++;
        while (s.charAt(j) == ' ') j++;
        int start = j;
        while (j < s.length() && Character.isDigit(s.charAt(j))) j++;
        int times = Integer.parseInt(s.substring(start, j));
        var once = List.copyOf(literal);
        for (int k = 1; k < times; k++) literal.addAll(once);
        return j;
    }
}
