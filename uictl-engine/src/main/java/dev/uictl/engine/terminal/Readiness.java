package dev.uictl.engine.terminal;

import java.time.Duration;

/**
 * What {@code term open} waits for before it answers, within {@code timeout}: with a {@code condition} (a text or
 * pattern, checked like {@code term wait}) until it shows; without one until the program's first output, or until
 * it visibly waits without drawing anything (reading its terminal, sleeping on a timer), or its exit.
 */
public record Readiness(WaitCondition condition, Duration timeout) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public static Readiness firstOutput(Duration timeout) {
        return new Readiness(null, timeout);
    }

    public Readiness {
        if (condition != null && !(condition instanceof WaitCondition.Text || condition instanceof WaitCondition.Regex)) {
            throw new IllegalArgumentException("term open waits for a text or a pattern, not " + condition.describe());
        }
    }
}
