package dev.uictl.x11.io;

/** Stops an event listener; closing twice is harmless. */
public interface Subscription extends AutoCloseable {
    @Override
    void close();
}
