package dev.uictl.engine.terminal;

import java.time.Duration;

/**
 * When an action's effect counts as complete ("settled"). After the input, wait for the first output (at most
 * {@code firstOutput}); then the screen is settled once output has been quiet for {@code quiet} while the
 * terminal's foreground process sleeps (it is waiting for input or a timer) and a read that flushes the kernel's
 * pending pty output finds nothing more, or quiet for {@code quietBusy} even though it still runs; never longer
 * than {@code max} in all. No fixed sleep: every step is woken by output or a deadline.
 */
public record SettlePolicy(Duration quiet, Duration quietBusy, Duration firstOutput, Duration max) {
    /** After keys, text, resize: a shell or editor echoes within a millisecond or two. */
    public static final SettlePolicy ACTION = new SettlePolicy(Duration.ofMillis(2), Duration.ofMillis(100),
            Duration.ofMillis(50), Duration.ofMillis(2000));
    /** After a program starts: loaders and interpreters take longer before they draw anything. */
    public static final SettlePolicy STARTUP = new SettlePolicy(Duration.ofMillis(10), Duration.ofMillis(150),
            Duration.ofMillis(150), Duration.ofMillis(3000));

    public SettlePolicy withMax(Duration newMax) {
        return new SettlePolicy(quiet, quietBusy, firstOutput, newMax);
    }
}
