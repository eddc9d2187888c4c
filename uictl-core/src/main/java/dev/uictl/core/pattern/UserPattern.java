package dev.uictl.core.pattern;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import java.util.Map;

/**
 * A regular expression a caller supplied (window selector {@code title=/re/}, {@code term wait --regex}). Every
 * such pattern goes through here so none can occupy a daemon thread: RE2/J matches in time linear in the input
 * (no backtracking, so no catastrophic patterns), the pattern's length, group nesting and expanded size are
 * bounded (RE2/J compiles counted repetitions by copying: {@code ((a{100}){100}){100}} is a million-instruction
 * program), and a match reads a bounded input that checks the call's cancellation and deadline while it is read.
 * The syntax is RE2's: no backreferences or lookaround.
 */
public final class UserPattern {
    /** Longest pattern source, in characters. */
    public static final int MAX_LENGTH = 1000;
    /** Deepest group nesting (RE2/J's parser and compiler recurse per level). */
    public static final int MAX_NESTING = 50;
    /** Largest program after counted repetitions are expanded (each atom counts 1); time per input char. */
    public static final int MAX_SIZE = 2000;
    /** Longest text matched; the rest is not searched (a 1000x1000 terminal screen fits). */
    public static final int MAX_INPUT = 2_100_000;
    /** Characters read between checks of the cancellation token and the deadline. */
    private static final int CHECK_EVERY = 4096;

    private final Pattern pattern;
    private final String source;

    private UserPattern(Pattern pattern, String source) {
        this.pattern = pattern;
        this.source = source;
    }

    /** The limits, for error details and help text. */
    public static Map<String, Integer> limits() {
        return Map.of("max_length", MAX_LENGTH, "max_nesting", MAX_NESTING, "max_size", MAX_SIZE);
    }

    /**
     * Compiles {@code source}; {@code multiline} makes {@code ^} and {@code $} match at line boundaries.
     *
     * @throws Rejected when the pattern is too long, too deep, too large or not valid RE2 syntax
     */
    public static UserPattern compile(String source, boolean multiline) {
        if (source.length() > MAX_LENGTH) {
            throw new Rejected("the pattern has " + source.length() + " characters; at most " + MAX_LENGTH
                    + " are accepted");
        }
        PatternSize.check(source, MAX_NESTING, MAX_SIZE);
        try {
            return new UserPattern(Pattern.compile(source, multiline ? Pattern.MULTILINE : 0), source);
        } catch (PatternSyntaxException e) {
            throw new Rejected("not a valid RE2 regular expression: " + e.getDescription()
                    + " (RE2 syntax: no backreferences or lookaround)");
        } catch (StackOverflowError e) {
            throw new Rejected("the pattern nests too deeply");
        }
    }

    public String source() {
        return source;
    }

    /** Whether the pattern occurs in {@code text} (at most {@link #MAX_INPUT} characters are searched). */
    public boolean find(CharSequence text) {
        return find(text, Cancellation.NEVER, Deadline.NONE);
    }

    /**
     * Whether the pattern occurs in {@code text}, reading it in steps that check {@code cancellation} and
     * {@code deadline}.
     *
     * @throws Stopped when the call was cancelled or its deadline passed during the match
     */
    public boolean find(CharSequence text, Cancellation cancellation, Deadline deadline) {
        CharSequence bounded = text.length() > MAX_INPUT ? text.subSequence(0, MAX_INPUT) : text;
        if (cancellation == Cancellation.NEVER && deadline.isNone()) {
            return pattern.matcher(bounded).find();
        }
        return pattern.matcher(new Watched(bounded, cancellation, deadline)).find();
    }

    /**
     * {@code text} with every match replaced ({@code $1} names a group), as replay's normalization rules do; only
     * the first {@link #MAX_INPUT} characters are searched.
     *
     * @throws Rejected when the replacement names a group the pattern does not have
     */
    public String replaceAll(String text, String replacement) {
        String head = text.length() > MAX_INPUT ? text.substring(0, MAX_INPUT) : text;
        String tail = text.length() > MAX_INPUT ? text.substring(MAX_INPUT) : "";
        try {
            return pattern.matcher(head).replaceAll(replacement) + tail;
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new Rejected("the replacement '" + replacement + "' does not fit the pattern: " + e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserPattern p && p.source.equals(source) && p.pattern.flags() == pattern.flags();
    }

    @Override
    public int hashCode() {
        return source.hashCode() * 31 + pattern.flags();
    }

    @Override
    public String toString() {
        return source;
    }

    /** A pattern outside the bounds or syntax; {@link #getMessage()} says which, for the caller's error. */
    public static final class Rejected extends IllegalArgumentException {
        Rejected(String reason) {
            super(reason);
        }
    }

    /** A match abandoned because the call was cancelled or ran out of time. */
    public static final class Stopped extends RuntimeException {
        private final boolean cancelled;

        Stopped(boolean cancelled) {
            super(cancelled ? "the call was cancelled during a pattern match" : "the deadline passed during a "
                    + "pattern match", null, false, false);
            this.cancelled = cancelled;
        }

        public boolean cancelled() {
            return cancelled;
        }
    }

    /** The input as RE2/J reads it, one character at a time, with a check every {@link #CHECK_EVERY} reads. */
    private static final class Watched implements CharSequence {
        private final CharSequence text;
        private final Cancellation cancellation;
        private final Deadline deadline;
        private int reads;

        Watched(CharSequence text, Cancellation cancellation, Deadline deadline) {
            this.text = text;
            this.cancellation = cancellation;
            this.deadline = deadline;
        }

        @Override
        public char charAt(int index) {
            if (++reads >= CHECK_EVERY) {
                reads = 0;
                if (cancellation.isCancelled()) {
                    throw new Stopped(true);
                }
                if (deadline.expired()) {
                    throw new Stopped(false);
                }
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
