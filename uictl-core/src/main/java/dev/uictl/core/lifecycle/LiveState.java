package dev.uictl.core.lifecycle;

import java.util.Optional;

/**
 * A service holding state that dies with the daemon and that nobody could get back: open terminal sessions, a
 * selection the daemon serves. The daemon's idle expiry waits while any service says it holds such state, and a
 * daemon asked to give way to another build or installation names it to the caller.
 */
public interface LiveState {
    /** What would end with the process, in a few words ("2 terminal sessions"); empty while nothing would. */
    Optional<String> liveState();
}
