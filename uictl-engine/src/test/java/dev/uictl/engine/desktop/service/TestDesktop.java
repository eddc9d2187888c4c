package dev.uictl.engine.desktop.service;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.testkit.Poll;
import dev.uictl.testkit.XvfbDisplay;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A private Xvfb (+ openbox) for one engine test class (the shared harness {@link XvfbDisplay}), and command
 * contexts pointing at it. Programs started through {@link #spawn} are stopped on close.
 */
final class TestDesktop implements AutoCloseable {
    private final XvfbDisplay x;

    private TestDesktop(XvfbDisplay x) {
        this.x = x;
    }

    static TestDesktop start(boolean openbox) throws Exception {
        XvfbDisplay x = XvfbDisplay.start();
        if (openbox) {
            x.withOpenbox();
        }
        return new TestDesktop(x);
    }

    String display() {
        return x.display();
    }

    Process xvfb() {
        return x.xvfb();
    }

    Process spawn(String... command) throws IOException {
        return x.spawn(command);
    }

    /** stdout of a tool (xprop, xwininfo, xrandr) run against this display. */
    String run(String... command) {
        return x.run(command);
    }

    /** A condition another process brings about: the shared polling helper, 10 s. */
    void awaitOutput(java.util.function.BooleanSupplier condition) {
        Poll.until("condition on " + display(), condition);
    }

    CommandContext context(String session) {
        return context(session, Map.of("DISPLAY", display()));
    }

    static CommandContext context(String session, Map<String, String> env) {
        Map<String, String> full = new HashMap<>(env);
        full.putIfAbsent("HOME", System.getProperty("java.io.tmpdir"));
        return new CommandContext() {
            public String command() {
                return "test";
            }

            public Path cwd() {
                return Path.of(".").toAbsolutePath();
            }

            public Map<String, String> env() {
                return full;
            }

            public String session() {
                return session;
            }

            public InputStream stdin() {
                return new ByteArrayInputStream(new byte[0]);
            }

            public PrintStream stderr() {
                return System.err;
            }

            public void emit(Envelope envelope) {
                throw new UnsupportedOperationException();
            }

            public Envelope invoke(List<String> argv) {
                throw new UnsupportedOperationException();
            }

            public <T> T service(Class<T> type) {
                throw new UnsupportedOperationException();
            }

            public void onDisconnect(Runnable cleanup) {
            }
        };
    }

    @Override
    public void close() throws InterruptedException {
        x.close();
    }
}
