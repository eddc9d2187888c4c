package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 14 as an adversary tries it: a second Unix user against a private desktop (X server, buses), one client's
 * environment against another's programs, planted runtime directories, names that climb, and output paths that
 * are FIFOs, device nodes or links. Every attempt must fail, checked with oracles of its own (xdpyinfo, xwd, a raw
 * X11 handshake, dbus-send, /proc/PID/environ, a preload library's marker files, lstat).
 */
@Tag("e2e")
class PrivacyEndToEndTest {
    private static final String DESKTOP = "priv";
    private static Path work;
    private static Path runtimeDir;
    private static Map<String, String> desktopEnv;

    @BeforeAll
    static void upDesktop() throws IOException {
        assumeTrue(Cli.built(), "run scripts/setup first");
        OtherUser.require();
        work = Files.createTempDirectory(Path.of("/tmp"), "uictl-privacy");
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        runtimeDir = Files.createDirectory(work.resolve("run"));
        Cli.Result up = cli("c").run("desktop", "up", "--name", DESKTOP, "--size", "640x480", "--text");
        assertThat(up.exit()).as(up.stdout()).isZero();
        desktopEnv = exports(up.stdout());
    }

    @AfterAll
    static void downDesktop() throws IOException {
        if (runtimeDir == null) {
            return;
        }
        cli("c").run("desktop", "down", "--name", DESKTOP);
        cli("c").run("daemon", "stop");
        if (desktopEnv != null) {
            cli("c").run(desktopEnv, "", "daemon", "stop");
        }
        deleteTree(work);
    }

    private static Cli cli(String client) {
        return new Cli(client, runtimeDir);
    }

    /** What `eval "$(uictl desktop up --text)"` sets: the export lines, unquoted. */
    private static Map<String, String> exports(String text) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("export ")) {
                String assignment = line.substring("export ".length());
                int eq = assignment.indexOf('=');
                String value = assignment.substring(eq + 1);
                env.put(assignment.substring(0, eq), value.substring(1, value.length() - 1).replace("'\\''", "'"));
            }
        }
        return env;
    }

    private static int displayNumber() {
        return Integer.parseInt(desktopEnv.get("DISPLAY").substring(1));
    }

    // ---- 1. the private desktop accepts only holders of its cookie ------------------------------------------

    @Test
    void theDesktopHasAPrivateCookieAndItsOwnerConnectsWithIt() throws IOException {
        Path authority = Path.of(desktopEnv.get("XAUTHORITY"));
        assertThat(authority.getParent().getParent().getParent()).isEqualTo(runtimeDir);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(authority))).isEqualTo("rw-------");
        assertThat(OtherUser.run(List.of("xauth", "-f", authority.toString(), "list"), Map.of(), false).stdout())
                .contains("MIT-MAGIC-COOKIE-1");
        assertThat(OtherUser.run(List.of("xdpyinfo"), desktopEnv, false).exit()).isZero();
        // uictl's own connection uses the exported XAUTHORITY
        Path shot = work.resolve("owner.png");
        Cli.Result r = cli("java").run(desktopEnv, "", "screenshot", shot.toString());
        assertThat(r.exit()).as(r.stdout()).isZero();
        assertThat(Files.readAllBytes(shot)).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void withoutTheCookieNobodyConnectsNotEvenTheOwner() {
        Map<String, String> noCookie = Map.of("DISPLAY", desktopEnv.get("DISPLAY"), "XAUTHORITY", "/nonexistent");
        assertThat(OtherUser.run(List.of("xdpyinfo"), noCookie, false).exit()).isNotZero();
        assertThat(handshake(false, "path")).isEqualTo("0");
        assertThat(handshake(false, "abstract")).isEqualTo("0");
    }

    @Test
    void anotherUserGetsNoConnectionNoScreenAndNoKeyboard() {
        Map<String, String> theirs = Map.of("DISPLAY", desktopEnv.get("DISPLAY"), "XAUTHORITY",
                desktopEnv.get("XAUTHORITY"));
        Cli.Result info = OtherUser.run(List.of("xdpyinfo"), theirs, true);
        assertThat(info.exit()).as(info.stdout()).isNotZero();
        Cli.Result xwd = OtherUser.run(List.of("xwd", "-root", "-silent"), theirs, true);
        assertThat(xwd.exit()).isNotZero();
        assertThat(xwd.stdout()).isEmpty();
        Cli.Result key = OtherUser.run(List.of("xdotool", "type", "typed-by-the-other-user"), theirs, true);
        assertThat(key.exit()).as(key.stderr()).isNotZero();
        // the raw X11 setup, on the filesystem socket and on the abstract one: 0 = Failed (no key can follow)
        assertThat(handshake(true, "path")).isEqualTo("0");
        assertThat(handshake(true, "abstract")).isEqualTo("0");
        // and the cookie file itself is out of reach
        assertThat(OtherUser.run(List.of("cat", desktopEnv.get("XAUTHORITY")), Map.of(), true).exit()).isNotZero();
    }

    @Test
    void theDesktopBusesAdmitOnlyTheirOwner() {
        String session = desktopEnv.get("DBUS_SESSION_BUS_ADDRESS");
        // the accessibility bus is not exported: it is found as every toolkit finds it, through the session bus
        Cli.Result located = OtherUser.run(List.of("dbus-send", "--bus=" + session, "--print-reply=literal",
                "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"), Map.of(), false);
        assertThat(located.exit()).as(located.stderr()).isZero();
        for (String bus : List.of(session, located.stdout().strip())) {
            List<String> listNames = List.of("dbus-send", "--bus=" + bus, "--print-reply",
                    "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames");
            Cli.Result owner = OtherUser.run(listNames, Map.of(), false);
            assertThat(owner.exit()).as(bus + " owner: " + owner.stderr()).isZero();
            Cli.Result other = OtherUser.run(listNames, Map.of(), true);
            assertThat(other.exit()).as(bus + " other user: " + other.stdout()).isNotZero();
        }
    }

    /** The first byte of the server's answer to a cookie-less X11 setup request, as root or as the other user. */
    private static String handshake(boolean asOther, String socket) {
        String script = """
                import socket, struct, sys
                path = '/tmp/.X11-unix/X' + sys.argv[1]
                s = socket.socket(socket.AF_UNIX)
                s.settimeout(5)
                s.connect(('\\0' + path) if sys.argv[2] == 'abstract' else path)
                s.sendall(struct.pack('<BxHHHHxx', 0x6c, 11, 0, 0, 0))
                print(s.recv(1)[0])
                """;
        Cli.Result r = OtherUser.run(List.of("/usr/bin/python3", "-c", script,
                Integer.toString(displayNumber()), socket), Map.of(), asOther);
        assertThat(r.exit()).as(r.stderr()).isZero();
        return r.stdout().strip();
    }

    // ---- 2. one client's environment never reaches another's programs ---------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void theDaemonStartsCleanAndEachLaunchGetsItsOwnRequestsEnvironment(String client) throws Exception {
        cli(client).run("daemon", "stop");
        Path markers = Files.createDirectories(work.resolve("markers-" + client));
        Path preload = markerLibrary(markers);
        Map<String, String> a = Map.of("FOO", "A", "LD_PRELOAD", preload.toString());
        JsonNode version = envelope(cli(client).run(a, "", "version"));
        long daemon = version.get("data").get("pid").asLong();
        assertThat(environ(daemon)).doesNotContainKeys("FOO", "LD_PRELOAD");
        // (the Java client spawns through the JDK's jspawnhelper, which runs with the client's own environment
        // before it executes the daemon: the marker names the program, and no java process of that pid may have one)
        assertThat(markers.resolve(daemon + "-java")).doesNotExist();

        long b = envelope(cli(client).run(Map.of("BAR", "B"), "", "launch", "--", "sleep", "600"))
                .get("data").get("pid").asLong();
        long own = envelope(cli(client).run(a, "", "launch", "--", "sleep", "600")).get("data").get("pid").asLong();
        try {
            awaitSleeping(b); // past its loader and constructors: a leaked preload would have marked it by now
            awaitSleeping(own);
            Map<String, String> bEnv = environ(b);
            assertThat(bEnv).containsEntry("BAR", "B").doesNotContainKeys("FOO", "LD_PRELOAD");
            assertThat(markers.resolve(b + "-sleep")).doesNotExist();
            // the loader variable reaches the program of the request that set it, and only that one
            assertThat(environ(own)).containsEntry("FOO", "A").containsEntry("LD_PRELOAD", preload.toString());
            assertThat(markers.resolve(own + "-sleep")).exists();
        } finally {
            ProcessHandle.of(b).ifPresent(ProcessHandle::destroy);
            ProcessHandle.of(own).ifPresent(ProcessHandle::destroy);
        }
    }

    /** Waits until {@code sleep} (pid) sleeps in its nanosleep, i.e. has run its loader and constructors. */
    private static void awaitSleeping(long pid) {
        Path wchan = Path.of("/proc", Long.toString(pid), "wchan");
        Poll.until("pid " + pid + " in its sleep", () -> {
            try {
                return Files.readString(wchan).contains("nanosleep");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** A preload library that creates {@code markers/<pid>-<program>} in every process it is loaded into. */
    private static Path markerLibrary(Path markers) throws Exception {
        Path src = markers.resolve("marker.c");
        Files.writeString(src, """
                #include <fcntl.h>
                #include <stdio.h>
                #include <string.h>
                #include <unistd.h>
                __attribute__((constructor)) static void mark(void) {
                    char exe[4096] = "", p[8192];
                    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
                    exe[n > 0 ? n : 0] = 0;
                    snprintf(p, sizeof p, "%s/%d-%s", MARKERS, (int)getpid(), strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe);
                    close(open(p, O_CREAT | O_WRONLY, 0644));
                }
                """);
        Path so = markers.resolve("marker.so");
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-DMARKERS=\"" + markers + "\"", "-o",
                so.toString(), src.toString()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();
        return so;
    }

    private static Map<String, String> environ(long pid) throws IOException {
        Map<String, String> env = new HashMap<>();
        for (String entry : Files.readString(Path.of("/proc", Long.toString(pid), "environ"),
                StandardCharsets.UTF_8).split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return env;
    }

    // ---- 3. the runtime directory trusts nothing it finds ---------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aLoosenedRuntimeDirectoryIsTightenedOnTheNextCall(String client) throws IOException {
        envelope(cli(client).run("version"));
        Files.setPosixFilePermissions(runtimeDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        envelope(cli(client).run("version"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runtimeDir))).isEqualTo("rwx------");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aPlantedSymlinkInAWorldWritableRuntimeParentIsRefused(String client) throws IOException {
        for (String parentMode : List.of("rwxrwxrwx", "rwxrwxrwt")) {
            Path xdg = Files.createTempDirectory(work, "xdg");
            Path victim = Files.createTempDirectory(work, "victim");
            Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(xdg, PosixFilePermissions.fromString(parentMode.replace('t', 'x')));
            if (parentMode.endsWith("t")) {
                assertThat(OtherUser.run(List.of("chmod", "1777", xdg.toString()), Map.of(), false).exit()).isZero();
            }
            assertThat(OtherUser.run(List.of("ln", "-s", victim.toString(), xdg.resolve("uictl").toString()),
                    Map.of(), true).exit()).isZero();
            Cli.Result r = cli(client).run(Map.of("UICTL_RUNTIME_DIR", "", "XDG_RUNTIME_DIR", xdg.toString()), "",
                    "version");
            JsonNode e = envelope(r);
            assertThat(r.exit()).isEqualTo(9);
            assertThat(e.get("error").get("code").asString()).isEqualTo("PERMISSION_DENIED");
            assertThat(e.get("error").get("hint").asString()).contains("UICTL_RUNTIME_DIR");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(victim))).isEqualTo("rwxr-xr-x");
            try (Stream<Path> inside = Files.list(victim)) {
                assertThat(inside).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aRuntimeDirectoryThatIsALinkOrAnotherUsersIsRefused(String client) throws IOException {
        Path victim = Files.createTempDirectory(work, "victim");
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path link = work.resolve("link-" + client);
        Files.createSymbolicLink(link, victim);
        Path foreign = Files.createTempDirectory(work, "foreign");
        assertThat(OtherUser.run(List.of("chown", OtherUser.NAME, foreign.toString()), Map.of(), false).exit())
                .isZero();
        for (Path dir : List.of(link, foreign)) {
            Cli.Result r = new Cli(client, dir).run("version");
            assertThat(r.exit()).as(r.stdout()).isEqualTo(9);
            assertThat(envelope(r).get("error").get("code").asString()).isEqualTo("PERMISSION_DENIED");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(victim))).isEqualTo("rwxr-xr-x");
        try (Stream<Path> inside = Files.list(victim)) {
            assertThat(inside).isEmpty();
        }
        try (Stream<Path> inside = Files.list(foreign)) {
            assertThat(inside).isEmpty();
        }
    }

    // ---- 4. names never become paths that climb -------------------------------------------------------------

    @Test
    void namesThatClimbOrPointAtTheDirectoryItselfAreRefusedBeforeTouchingFiles() throws IOException {
        Path keep = Files.writeString(runtimeDir.resolve("keep.txt"), "mine");
        for (List<String> argv : List.of(List.of("desktop", "up", "--name", ".."),
                List.of("desktop", "down", "--name", ".."), List.of("desktop", "down", "--name", "."),
                List.of("desktop", "up", "--name", "../x"), List.of("term", "open", "--name", "..", "--", "true"))) {
            Cli.Result r = cli("c").run(argv.toArray(String[]::new));
            assertThat(r.exit()).as(argv + ": " + r.stdout()).isEqualTo(3);
            assertThat(envelope(r).get("error").get("code").asString()).isEqualTo("INVALID_ARGS");
        }
        assertThat(keep).hasContent("mine");
        assertThat(Path.of(desktopEnv.get("XAUTHORITY"))).exists();
    }

    // ---- 5. output paths never replace what is not a regular file -------------------------------------------

    @Test
    void screenshotsAndTranscriptsRefuseFifosDevicesAndLinks() throws IOException {
        Path dir = Files.createTempDirectory(work, "out");
        Path fifo = dir.resolve("fifo.png");
        Path device = dir.resolve("full.png");
        Path victim = Files.writeString(dir.resolve("victim.txt"), "keep");
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), victim);
        assertThat(OtherUser.run(List.of("mkfifo", fifo.toString()), Map.of(), false).exit()).isZero();
        assertThat(OtherUser.run(List.of("mknod", device.toString(), "c", "1", "7"), Map.of(), false).exit())
                .isZero();
        envelope(cli("c").run("term", "open", "--name", "tx", "--", "sh", "-c", "echo transcript; exec cat"));
        try {
            for (Path target : List.of(fifo, device, link)) {
                Cli.Result shot = cli("c").run(desktopEnv, "", "screenshot", target.toString());
                assertThat(shot.exit()).as(shot.stdout()).isEqualTo(3);
                Cli.Result tx = cli("c").run("term", "transcript", "tx", "--output", target.toString());
                assertThat(tx.exit()).as(tx.stdout()).isEqualTo(3);
            }
            assertThat(Files.readAttributes(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS).get("mode"))
                    .satisfies(m -> assertThat(((Integer) m) & 0170000).isEqualTo(0010000));
            assertThat(Files.readAttributes(device, "unix:mode,rdev", LinkOption.NOFOLLOW_LINKS))
                    .satisfies(a -> assertThat(((Integer) a.get("mode")) & 0170000).isEqualTo(0020000));
            assertThat(Files.isSymbolicLink(link)).isTrue();
            assertThat(victim).hasContent("keep");
            // a regular file is still replaced atomically, privately
            Path regular = Files.writeString(dir.resolve("t.log"), "old");
            envelope(cli("c").run("term", "transcript", "tx", "--output", regular.toString()));
            assertThat(Files.readString(regular)).contains("transcript");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(regular))).isEqualTo("rw-------");
            try (Stream<Path> left = Files.list(dir)) {
                assertThat(left.map(p -> p.getFileName().toString()))
                        .containsExactlyInAnyOrder("fifo.png", "full.png", "victim.txt", "link.png", "t.log");
            }
        } finally {
            cli("c").run("term", "close", "tx");
        }
    }

    private static JsonNode envelope(Cli.Result r) {
        return r.envelope();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> all = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(all::add);
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
