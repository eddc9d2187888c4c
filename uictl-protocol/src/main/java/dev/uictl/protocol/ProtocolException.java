package dev.uictl.protocol;

import java.io.IOException;

/** The peer sent bytes that are not a valid frame. */
public final class ProtocolException extends IOException {
    public ProtocolException(String message) {
        super(message);
    }
}
