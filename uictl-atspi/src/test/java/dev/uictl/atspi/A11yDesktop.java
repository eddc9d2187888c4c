package dev.uictl.atspi;

import dev.uictl.atspi.bus.AtspiConnection;
import dev.uictl.atspi.bus.Budget;
import dev.uictl.atspi.bus.BusLocator;
import dev.uictl.testkit.Requires;
import dev.uictl.testkit.XvfbDisplay;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A private headless accessibility stack for one test class: the shared private display ({@link XvfbDisplay}), a
 * session bus whose only
 * activatable service is the a11y bus launcher, and the AT-SPI bus it starts. Programs started through {@link #spawn}
 * see this environment (GTK registers itself on the a11y bus) and are stopped on close.
 */
public final class A11yDesktop implements AutoCloseable {
    public static final Path REPO = findRepo();
    private final Path dir;
    private final List<Process> processes = new ArrayList<>();
    private XvfbDisplay x;
    private final Map<String, String> env = new HashMap<>();
    private AtspiConnection connection;

    private A11yDesktop(Path dir) {
        this.dir = dir;
    }

    public static A11yDesktop start() throws Exception {
        A11yDesktop d = new A11yDesktop(Files.createTempDirectory(Path.of("/tmp"), "a11y"));
        try {
            d.boot();
        } catch (Exception e) {
            d.close();
            throw e;
        }
        return d;
    }

    private void boot() throws Exception {
        Requires.program("dbus-daemon");
        x = XvfbDisplay.start();
        env.put("DISPLAY", x.display());
        Path services = Files.createDirectories(dir.resolve("services"));
        Files.copy(Path.of("/usr/share/dbus-1/services/org.a11y.Bus.service"), services.resolve("org.a11y.Bus.service"));
        Path conf = dir.resolve("bus.conf");
        Files.writeString(conf, """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig><type>session</type><listen>unix:dir=%s</listen><auth>EXTERNAL</auth>
                  <servicedir>%s</servicedir>
                  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
                  <allow own="*"/></policy></busconfig>
                """.formatted(dir, services));
        ProcessBuilder pb = new ProcessBuilder("dbus-daemon", "--nofork", "--config-file=" + conf, "--print-address=1")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DISPLAY", env.get("DISPLAY"));
        pb.environment().put("XDG_RUNTIME_DIR", dir.toString());
        // the bus launcher keeps org.a11y.Status in memory, so the IsEnabled BusLocator sets holds (Qt reads it)
        pb.environment().put("GSETTINGS_BACKEND", "memory");
        Process bus = pb.start();
        processes.add(bus);
        String address = new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
        if (address == null) {
            throw new IOException("dbus-daemon did not start");
        }
        env.put("DBUS_SESSION_BUS_ADDRESS", address.strip());
        env.put("XDG_RUNTIME_DIR", dir.toString());
        env.put("NO_AT_BRIDGE", "0");
        // applications find the accessibility bus through the session bus, as on a user's desktop: Qt 6 does not
        // register on a bus named by AT_SPI_BUS_ADDRESS
        String a11y = BusLocator.address(env, Budget.of(Duration.ofSeconds(15)));
        connection = AtspiConnection.open(a11y, Budget.of(Duration.ofSeconds(10)));
    }

    public Map<String, String> env() {
        return env;
    }

    public AtspiConnection connection() {
        return connection;
    }

    public Process spawn(String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(dir.resolve("spawn-" + processes.size() + ".log").toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    /** The GTK fixture with its state file; returns the process. */
    /**
     * The GTK fixture with its delayed button enabled right after mapping: a walk compared with another client's
     * later walk must not see the tree change between the two (the default 2 s delay fell between them under load).
     */
    public Process fixture(String title) throws IOException {
        return spawn("/usr/bin/python3", REPO.resolve("fixtures/gtk_fixture.py").toString(), "--state",
                dir.resolve("fixture-state.jsonl").toString(), "--title", title, "--enable-after", "0");
    }

    public Path dir() {
        return dir;
    }

    /** stdout of a program run in this environment (e.g. the pyatspi reference dump). */
    public String run(Duration timeout, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IOException(command[0] + " timed out");
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited " + p.exitValue());
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    private static Path findRepo() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("fixtures"))) {
            p = p.getParent();
        }
        return p;
    }

    @Override
    public void close() throws Exception {
        if (connection != null) {
            connection.close();
        }
        for (Process p : processes.reversed()) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        if (x != null) {
            x.close();
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
