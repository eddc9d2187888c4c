package dev.uictl.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The tests' private X display: an Xvfb whose number the server picks ({@code -displayfd}), 1280x800 unless sized
 * otherwise, or on a given display for a server that replaces one that died, optionally
 * with openbox (awaited until it announces itself on the root window). Programs started through {@link #spawn}
 * and their descendants are ended on {@link #close()}. Missing Xvfb or openbox goes through {@link Requires}.
 * The module harnesses (uictl-x11 TestDisplay, uictl-engine TestDesktop) delegate to this one.
 */
public final class XvfbDisplay implements AutoCloseable {
    private final Process xvfb;
    private final String display;
    private final List<Process> children = new ArrayList<>();

    private XvfbDisplay(Process xvfb, String display) {
        this.xvfb = xvfb;
        this.display = display;
    }

    public static XvfbDisplay start(String... extraArgs) throws IOException {
        return launch(null, "1280x800x24", extraArgs);
    }

    /** A display of another screen geometry ({@code WxHxD}). */
    public static XvfbDisplay sized(String screen) throws IOException {
        return launch(null, screen);
    }

    /** A server on a given display, e.g. the successor of one that died; ready to accept clients when returned. */
    public static XvfbDisplay on(String display, String screen) throws IOException {
        return launch(display, screen);
    }

    private static XvfbDisplay launch(String display, String screen, String... extraArgs) throws IOException {
        Requires.program("Xvfb");
        List<String> cmd = new ArrayList<>(List.of("Xvfb"));
        if (display != null) {
            cmd.add(display);
        }
        cmd.addAll(List.of("-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"));
        cmd.addAll(List.of(extraArgs));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        // Xvfb writes the display number once it accepts connections, chosen or given
        String number = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        if (number == null) {
            p.destroyForcibly();
            throw new IOException("Xvfb did not report a display number" + (display == null ? "" : " for " + display));
        }
        return new XvfbDisplay(p, ":" + number.strip());
    }

    /** Starts openbox and waits until it has set _NET_SUPPORTING_WM_CHECK on the root window. */
    public XvfbDisplay withOpenbox() throws IOException {
        Requires.program("openbox");
        Requires.program("xprop");
        spawn("openbox", "--sm-disable");
        Poll.until("openbox manages " + display, () -> run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK")
                .contains("window id"));
        return this;
    }

    public String display() {
        return display;
    }

    public Process xvfb() {
        return xvfb;
    }

    public Map<String, String> env() {
        return Map.of("DISPLAY", display, "HOME", System.getProperty("java.io.tmpdir"));
    }

    /** Starts a program on this display (output discarded, no accessibility bridge); ended on close. */
    public Process spawn(String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DISPLAY", display);
        pb.environment().put("NO_AT_BRIDGE", "1");
        Process p = pb.start();
        children.add(p);
        return p;
    }

    /** The stdout of a tool (xprop, xwininfo, xrandr) run against this display. */
    public String run(String... command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("DISPLAY", display);
            Process p = pb.start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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
        try {
            Files.deleteIfExists(Path.of("/tmp/.X" + display.substring(1) + "-lock"));
        } catch (IOException ignored) {
            // Xvfb removes its own lock file; this is belt and braces
        }
    }
}
