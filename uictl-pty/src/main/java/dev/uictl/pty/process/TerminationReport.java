package dev.uictl.pty.process;

/**
 * What closing a terminal's process tree took: how many processes got the polite signal, and how many were still
 * alive after the grace period and had to be stopped and killed.
 */
public record TerminationReport(int signalled, int killed) {
}
