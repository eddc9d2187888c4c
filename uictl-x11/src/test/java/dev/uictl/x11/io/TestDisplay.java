package dev.uictl.x11.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private Xvfb (display number chosen by the server via {@code -displayfd}) with an optional openbox, for one
 * test class. Helper programs started through {@link #spawn} are killed on {@link #close()}.
 */
public final class TestDisplay implements AutoCloseable {
    private final Process xvfb;
    private final String display;
    private final List<Process> children = new ArrayList<>();

    private TestDisplay(Process xvfb, String display) {
        this.xvfb = xvfb;
        this.display = display;
    }

    public static TestDisplay start(String... extraArgs) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24",
                "-nolisten", "tcp", "-noreset"));
        cmd.addAll(List.of(extraArgs));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
        String number = out.readLine();
        if (number == null) {
            p.destroyForcibly();
            throw new IOException("Xvfb did not report a display number");
        }
        return new TestDisplay(p, ":" + number.strip());
    }

    /** Starts openbox and waits until it has announced itself on the root window. */
    public TestDisplay withOpenbox() throws Exception {
        spawn("openbox", "--sm-disable");
        try (X11Connection c = connect()) {
            AtomCache atoms = new AtomCache(c);
            int check = atoms.atom("_NET_SUPPORTING_WM_CHECK");
            awaitCondition(() -> c.call(dev.uictl.x11.proto.core.GetProperty.of(c.root(), check)).exists());
        }
        return this;
    }

    public String display() {
        return display;
    }

    public Map<String, String> env() {
        return Map.of("DISPLAY", display, "HOME", System.getProperty("java.io.tmpdir"));
    }

    public X11Connection connect() {
        return X11Connection.open(display, env());
    }

    public Process spawn(String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DISPLAY", display);
        Process p = pb.start();
        children.add(p);
        return p;
    }

    /** Runs a command (xprop, xwininfo, xrandr) against this display and returns its stdout. */
    public String run(String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DISPLAY", display);
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return text;
    }

    public Process xvfb() {
        return xvfb;
    }

    /** Polls {@code condition} every 10 ms for up to 10 s; for state reached by another process. */
    public static void awaitCondition(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 10 s");
            }
            Thread.sleep(10);
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process child : children.reversed()) {
            child.destroy();
            child.waitFor(2, TimeUnit.SECONDS);
        }
        xvfb.destroy();
        if (!xvfb.waitFor(5, TimeUnit.SECONDS)) {
            xvfb.destroyForcibly();
        }
        try {
            Files.deleteIfExists(Path.of("/tmp/.X" + display.substring(1) + "-lock"));
        } catch (IOException ignored) {
            // Xvfb removes its own lock file; this is belt and braces
        }
    }
}
