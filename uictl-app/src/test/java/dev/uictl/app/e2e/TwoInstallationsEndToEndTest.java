package dev.uictl.app.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Issue 31, item 3: two installations of uictl for one user and display (a second checkout, a system-wide install
 * beside a development build) share one daemon socket. A call of one met the idle daemon of the other and failed
 * with PROTOCOL_VERSION_MISMATCH, "the daemon runs build A, this client is build B", and a hint that named neither
 * installation. An idle daemon of the other installation now gives way within the call, as an idle daemon of an
 * older build of the same installation does; one holding what a restart would end keeps running, and the call names
 * its installation, what a restart would end and the command.
 */
@Tag("e2e")
class TwoInstallationsEndToEndTest {
    private PrivateInstallation first;
    private PrivateInstallation second;
    private Path runtimeDir;

    @BeforeEach
    void setUp() throws IOException {
        Cli.requireBuilt();
        first = PrivateInstallation.of(Cli.HOME);
        second = PrivateInstallation.of(Cli.HOME);
        first.rebuild("first-installation");
        second.rebuild("second-installation");
        runtimeDir = Files.createTempDirectory(Path.of("/tmp"), "uictl-two");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (runtimeDir != null) {
            first.run("c", runtimeDir, "daemon", "stop");
            PrivateInstallation.remove(first.home());
            PrivateInstallation.remove(second.home());
            PrivateInstallation.remove(runtimeDir);
        }
    }

    private JsonNode version(PrivateInstallation installation, String client) {
        Cli.Result call = installation.run(client, runtimeDir, "version");
        JsonNode envelope = call.envelope();
        assertThat(envelope.get("success").asBoolean()).as(call.stdout() + call.stderr()).isTrue();
        return envelope.get("data");
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void idleDaemonsOfTwoInstallationsTakeTurns(String client) {
        long previous = 0;
        for (int turn = 0; turn < 4; turn++) {
            PrivateInstallation caller = turn % 2 == 0 ? first : second;
            JsonNode data = version(caller, client);
            assertThat(data.get("build_id").asString())
                    .isEqualTo(caller == first ? "first-installation" : "second-installation");
            long pid = data.get("pid").asLong();
            assertThat(pid).as("turn %d runs on a daemon of its own installation", turn).isNotEqualTo(previous);
            if (previous != 0) {
                long replaced = previous;
                Poll.until("the other installation's daemon exits",
                        () -> ProcessHandle.of(replaced).map(p -> !p.isAlive()).orElse(true));
            }
            previous = pid;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"c", "java"})
    void aDaemonHoldingASessionIsKeptAndTheCallNamesItsInstallationAndTheFix(String client) {
        JsonNode opened = first.run(client, runtimeDir, "term", "open", "--name", "keep", "--", "sleep", "600")
                .envelope();
        assertThat(opened.get("success").asBoolean()).as(opened.toString()).isTrue();
        long program = opened.get("data").get("pid").asLong();
        long daemon = version(first, client).get("pid").asLong();

        Cli.Result call = second.run(client, runtimeDir, "version");
        JsonNode error = call.envelope().get("error");
        assertThat(call.exit()).isEqualTo(10);
        assertThat(error.get("code").asString()).isEqualTo("PROTOCOL_VERSION_MISMATCH");
        assertThat(error.get("message").asString()).contains(first.home().toString()).contains("1 terminal session")
                .contains(second.home().toString());
        String restart = second.home().resolve("bin/uictl") + " daemon restart";
        assertThat(error.get("hint").asString()).contains("`" + restart + "`")
                .contains(first.home().resolve("bin/uictl").toString());
        assertThat(error.get("details").get("kind").asString()).isEqualTo("other_installation");
        assertThat(error.get("details").get("daemon_home").asString()).isEqualTo(first.home().toString());
        assertThat(error.get("delivery").asString()).isEqualTo("not_delivered");
        assertThat(ProcessHandle.of(daemon).map(ProcessHandle::isAlive)).contains(true);
        assertThat(ProcessHandle.of(program).map(ProcessHandle::isAlive)).contains(true);

        // the command the hint names
        JsonNode restarted = second.run(client, runtimeDir, "daemon", "restart").envelope();
        assertThat(restarted.get("success").asBoolean()).as(restarted.toString()).isTrue();
        assertThat(version(second, client).get("build_id").asString()).isEqualTo("second-installation");
        Poll.until("the session's program ends with the first installation's daemon",
                () -> ProcessHandle.of(program).map(p -> !p.isAlive()).orElse(true));
    }
}
