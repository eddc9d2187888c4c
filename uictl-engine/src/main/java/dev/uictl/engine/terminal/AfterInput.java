package dev.uictl.engine.terminal;

import java.time.Duration;

/** A wait that follows input in the same call ({@code term keys … --wait-text}), within {@code timeout}. */
public record AfterInput(WaitCondition condition, Duration timeout) {
}
