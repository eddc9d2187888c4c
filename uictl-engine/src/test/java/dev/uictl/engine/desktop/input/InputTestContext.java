package dev.uictl.engine.desktop.input;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.registry.CommandContext;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A caller of the input service: its environment, and disconnect hooks the test fires as the daemon would. */
final class InputTestContext implements CommandContext {
    private final Map<String, String> env;
    private final List<Runnable> hooks = new ArrayList<>();

    InputTestContext(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** The client went away: run what commands registered, once. */
    void disconnect() {
        List<Runnable> run = List.copyOf(hooks);
        hooks.clear();
        run.forEach(Runnable::run);
    }

    @Override
    public String command() {
        return "test";
    }

    @Override
    public Path cwd() {
        return Path.of(".").toAbsolutePath();
    }

    @Override
    public Map<String, String> env() {
        return env;
    }

    @Override
    public String session() {
        return "test";
    }

    @Override
    public InputStream stdin() {
        return new ByteArrayInputStream(new byte[0]);
    }

    @Override
    public PrintStream stderr() {
        return System.err;
    }

    @Override
    public void emit(Envelope envelope) {
        throw new UnsupportedOperationException("not a streaming command");
    }

    @Override
    public Envelope invoke(List<String> argv) {
        throw new UnsupportedOperationException("no dispatcher in engine tests");
    }

    @Override
    public <T> T service(Class<T> type) {
        throw new UnsupportedOperationException("engine tests construct services directly");
    }

    @Override
    public void onDisconnect(Runnable cleanup) {
        hooks.add(cleanup);
    }
}
