package dev.uictl.protocol;

import java.io.IOException;

/** A daemon that cannot take a connection: its socket exists and is not stale, but it does not accept. */
public final class DaemonUnresponsive extends IOException {
    private final transient ClientSession.Outcome.Unresponsive outcome;

    public DaemonUnresponsive(ClientSession.Outcome.Unresponsive outcome) {
        super(outcome.message());
        this.outcome = outcome;
    }

    public ClientSession.Outcome.Unresponsive outcome() {
        return outcome;
    }
}
