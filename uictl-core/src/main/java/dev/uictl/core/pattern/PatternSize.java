package dev.uictl.core.pattern;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A conservative estimate of the program RE2/J compiles from a pattern, made before compiling it: each atom counts
 * one, a group counts the sum of its alternatives, and a counted repetition {@code x{n,m}} counts {@code x} times
 * {@code max(n, m)} (RE2/J copies the repeated program). Group nesting is measured on the way.
 */
final class PatternSize {
    private PatternSize() {
    }

    /** @throws UserPattern.Rejected when the nesting or the estimated size passes its bound */
    static void check(String re, int maxNesting, int maxSize) {
        Deque<long[]> outer = new ArrayDeque<>();
        long alternatives = 0;
        long current = 0;
        long last = 0;
        int i = 0;
        while (i < re.length()) {
            char c = re.charAt(i);
            long atom = -1;
            switch (c) {
                case '\\' -> {
                    if (i + 1 < re.length() && re.charAt(i + 1) == 'Q') {
                        int end = re.indexOf("\\E", i + 2);
                        int stop = end < 0 ? re.length() : end;
                        atom = Math.max(1, stop - (i + 2));
                        i = end < 0 ? re.length() : end + 2;
                    } else {
                        i = escapeEnd(re, i);
                        atom = 1;
                    }
                }
                case '[' -> {
                    i = classEnd(re, i);
                    atom = 1;
                }
                case '(' -> {
                    i++;
                    boolean group = true;
                    if (i < re.length() && re.charAt(i) == '?') {
                        while (i < re.length() && ":)>".indexOf(re.charAt(i)) < 0) {
                            i++;
                        }
                        group = i >= re.length() || re.charAt(i) != ')';
                        i++;
                    }
                    if (group) {
                        outer.push(new long[] {alternatives, current, last});
                        if (outer.size() > maxNesting) {
                            throw new UserPattern.Rejected("the pattern nests groups more than " + maxNesting
                                    + " deep");
                        }
                        alternatives = 0;
                        current = 0;
                        last = 0;
                    }
                }
                case ')' -> {
                    i++;
                    if (outer.isEmpty()) {
                        atom = 1;
                    } else {
                        long size = alternatives + current;
                        long[] saved = outer.pop();
                        alternatives = saved[0];
                        current = saved[1];
                        atom = size;
                    }
                }
                case '|' -> {
                    i++;
                    alternatives += current;
                    current = 0;
                    last = 0;
                }
                case '*', '+', '?' -> {
                    i++;
                    current++;
                }
                case '{' -> {
                    int close = re.indexOf('}', i);
                    long times = close < 0 ? -1 : repetition(re.substring(i + 1, close));
                    if (times < 0) {
                        i++;
                        atom = 1;
                    } else {
                        i = close + 1;
                        current += last * (times - 1) + 1;
                        last *= times;
                    }
                }
                default -> {
                    i += Character.charCount(re.codePointAt(i));
                    atom = 1;
                }
            }
            if (atom >= 0) {
                current += atom;
                last = atom;
            }
            if (alternatives + current > maxSize) {
                throw new UserPattern.Rejected("the pattern expands to more than " + maxSize + " instructions "
                        + "(counted repetitions such as {100} copy what they repeat)");
            }
        }
    }

    /** The largest count of {@code n}, {@code n,} or {@code n,m} (capped), or -1 when it is not a repetition. */
    private static long repetition(String body) {
        if (!body.matches("\\d{1,7}(,\\d{0,7})?")) {
            return -1;
        }
        String[] parts = body.split(",", -1);
        long n = Long.parseLong(parts[0]);
        long m = parts.length == 1 ? n : parts[1].isEmpty() ? n + 1 : Long.parseLong(parts[1]);
        return Math.max(1, Math.max(n, m));
    }

    private static int escapeEnd(String re, int i) {
        int next = i + 2;
        if (next <= re.length() && next - 1 < re.length() && "pPx".indexOf(re.charAt(i + 1)) >= 0
                && next < re.length() && re.charAt(next) == '{') {
            int close = re.indexOf('}', next);
            return close < 0 ? re.length() : close + 1;
        }
        return Math.min(next, re.length());
    }

    /** The index after the class that opens at {@code i} ({@code []a]} and {@code [^]a]} contain a bracket). */
    private static int classEnd(String re, int i) {
        int j = i + 1;
        if (j < re.length() && re.charAt(j) == '^') {
            j++;
        }
        if (j < re.length() && re.charAt(j) == ']') {
            j++;
        }
        while (j < re.length() && re.charAt(j) != ']') {
            if (re.charAt(j) == '\\') {
                j++;
            } else if (re.startsWith("[:", j)) {
                int close = re.indexOf(":]", j + 2);
                j = close < 0 ? j : close + 1;
            }
            j++;
        }
        return Math.min(j + 1, re.length());
    }
}
