package dev.uictl.core.lifecycle;

/**
 * A service holding state that dies with the daemon and that nobody could get back: open terminal sessions, a
 * selection the daemon serves. The daemon's idle expiry waits while any service says it holds such state.
 */
public interface LiveState {
    boolean holdsLiveState();
}
