package dev.uictl.core.registry;

import dev.uictl.core.call.CallContext;
import dev.uictl.core.envelope.Envelope;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

/** What a running command may use from its caller: where it runs, its input, its output and the services. */
public interface CommandContext extends CallContext {
    /** The canonical command name being run. */
    String command();

    /** The caller's standard input; reading it asks the client to forward stdin. */
    InputStream stdin();

    /**
     * The caller's standard input for a person typing live (term attach): keys arrive one by one, unechoed and
     * without signals, because the client puts its terminal in raw mode. Same as {@link #stdin()} elsewhere.
     */
    default InputStream rawStdin() {
        return stdin();
    }

    /**
     * The caller's standard output as bytes, for a command that speaks its own protocol there (mcp) instead of
     * emitting envelopes. Writers synchronize on it, as {@link #emit} does.
     */
    default OutputStream stdout() {
        throw new UnsupportedOperationException("this context has no caller output");
    }

    /** Diagnostics for the person at the terminal: never data. */
    PrintStream stderr();

    /** Writes one intermediate envelope in the caller's format (streaming commands). */
    void emit(Envelope envelope);

    /** Runs another command line through the same dispatcher (batch, serve). */
    Envelope invoke(List<String> argv);

    /** Runs one command with JSON arguments through the same dispatcher (serve, batch, mcp): no argv involved. */
    default Envelope call(CallRequest request) {
        throw new UnsupportedOperationException("this context has no dispatcher");
    }

    /** A domain service; throws DEPENDENCY_MISSING with a hint when its backend is unavailable. */
    <T> T service(Class<T> type);
}
