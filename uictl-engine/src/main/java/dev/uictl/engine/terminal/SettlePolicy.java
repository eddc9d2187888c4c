package dev.uictl.engine.terminal;

import java.time.Duration;

/**
 * When an action's effect counts as complete ("settled"). After the input, wait for the first output (at most
 * {@code firstOutput}); then the screen is settled once output has been quiet for {@code quiet} while the
 * terminal's foreground program waits for input ({@link ForegroundActivity}: blocked reading its terminal, or
 * stopped) and a read that flushes the kernel's pending pty output finds nothing more. A program that is quiet but
 * runs, or waits on something else, is not settled: it is looked at again until {@code max}. No fixed sleep: every
 * step is woken by output or a deadline.
 */
public record SettlePolicy(Duration quiet, Duration firstOutput, Duration max) {
    /** The results' {@code unsettled} field. */
    static final String UNSETTLED_DOC = "Why the screen is not settled: output_continuing (output still changing at "
            + "the limit), program_busy (quiet but running on the CPU), program_waiting (quiet, blocked on something "
            + "other than its terminal: a timer, a child, the network, a full terminal), input_not_read (keys sent "
            + "wait unread); absent when settled";
    /** After keys, text, resize: a shell or editor echoes within a millisecond or two. */
    public static final SettlePolicy ACTION = new SettlePolicy(Duration.ofMillis(2), Duration.ofMillis(50),
            Duration.ofMillis(2000));
    /** After a program starts: loaders and interpreters take longer before they draw anything. */
    public static final SettlePolicy STARTUP = new SettlePolicy(Duration.ofMillis(10), Duration.ofMillis(150),
            Duration.ofMillis(3000));

    public SettlePolicy withMax(Duration newMax) {
        return new SettlePolicy(quiet, firstOutput, newMax);
    }

    /** After output a wait was looking for: it came, so no wait for a first one; at most {@code newMax}. */
    SettlePolicy afterMatch(Duration newMax) {
        return new SettlePolicy(quiet, Duration.ZERO, newMax);
    }
}
