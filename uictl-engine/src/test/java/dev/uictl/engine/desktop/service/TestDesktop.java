package dev.uictl.engine.desktop.service;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.registry.CommandContext;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private Xvfb (+ openbox) for one engine test class, and command contexts pointing at it. Programs started
 * through {@link #spawn} are stopped on close.
 */
final class TestDesktop implements AutoCloseable {
    private final Process xvfb;
    private final String display;
    private final List<Process> children = new ArrayList<>();

    private TestDesktop(Process xvfb, String display) {
        this.xvfb = xvfb;
        this.display = display;
    }

    static TestDesktop start(boolean openbox) throws Exception {
        Process p = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                "-noreset").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String number = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        if (number == null) {
            p.destroyForcibly();
            throw new IOException("Xvfb did not start");
        }
        TestDesktop d = new TestDesktop(p, ":" + number.strip());
        if (openbox) {
            d.spawn("openbox", "--sm-disable");
            d.awaitOutput(() -> d.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").contains("window id"));
        }
        return d;
    }

    String display() {
        return display;
    }

    Process xvfb() {
        return xvfb;
    }

    Process spawn(String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DISPLAY", display);
        pb.environment().put("NO_AT_BRIDGE", "1");
        Process p = pb.start();
        children.add(p);
        return p;
    }

    /** stdout of a tool (xprop, xwininfo, xrandr) run against this display. */
    String run(String... command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("DISPLAY", display);
            Process p = pb.start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return text;
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Polls (10 ms) a condition another process brings about, for up to 10 s. */
    void awaitOutput(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 10 s");
            }
            Thread.sleep(10);
        }
    }

    CommandContext context(String session) {
        return context(session, Map.of("DISPLAY", display));
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
        for (Process child : children.reversed()) {
            child.descendants().forEach(ProcessHandle::destroy);
            child.destroy();
            child.waitFor(2, TimeUnit.SECONDS);
        }
        xvfb.destroy();
        if (!xvfb.waitFor(5, TimeUnit.SECONDS)) {
            xvfb.destroyForcibly();
        }
    }
}
