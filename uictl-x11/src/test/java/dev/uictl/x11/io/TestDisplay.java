package dev.uictl.x11.io;

import dev.uictl.testkit.Poll;
import dev.uictl.testkit.XvfbDisplay;
import java.io.IOException;
import java.util.Map;

/**
 * A private Xvfb with an optional openbox for one test class: the shared harness ({@link XvfbDisplay}) plus a
 * connection of our own X11 client to it.
 */
public final class TestDisplay implements AutoCloseable {
    private final XvfbDisplay x;

    private TestDisplay(XvfbDisplay x) {
        this.x = x;
    }

    public static TestDisplay start(String... extraArgs) throws IOException {
        return new TestDisplay(XvfbDisplay.start(extraArgs));
    }

    /** Starts openbox and waits until it has announced itself on the root window. */
    public TestDisplay withOpenbox() throws Exception {
        x.withOpenbox();
        return this;
    }

    public String display() {
        return x.display();
    }

    public Map<String, String> env() {
        return x.env();
    }

    public X11Connection connect() {
        return X11Connection.open(display(), env());
    }

    public Process spawn(String... command) throws IOException {
        return x.spawn(command);
    }

    /** Runs a command (xprop, xwininfo, xrandr) against this display and returns its stdout. */
    public String run(String... command) {
        return x.run(command);
    }

    public Process xvfb() {
        return x.xvfb();
    }

    /** For state reached by another process: the shared polling helper, 10 s. */
    public static void awaitCondition(java.util.function.BooleanSupplier condition) {
        Poll.until("condition", condition);
    }

    @Override
    public void close() throws InterruptedException {
        x.close();
    }
}
