package dev.uictl.commands.daemon;

/** Where this command is executing: inside the daemon or in the caller's own process. */
public record RuntimeInfo(String mode, long pid, String buildId, int protocolVersion) {
}
