package dev.uictl.app.dispatch;

import java.io.InputStream;

/** A caller's stdin that can be switched to raw terminal mode (the daemon's socket stdin; the C client obliges). */
public interface RawInput {
    /** This input, with the caller's terminal (if stdin is one) in raw mode for the rest of the call. */
    InputStream raw();
}
