package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Programs that SIGKILL does not end (frozen by a cgroup freezer, see {@link FrozenGroup}) and start-ups that never
 * finish: the commands that end or start them answer with an error instead of a false success, leave things as
 * they are so a later call can finish the job, and the process table agrees.
 */
class UnkillableProgramTest {
    private Path runtime;
    private Map<String, String> env;

    @BeforeEach
    void privateRuntime() throws IOException {
        runtime = Files.createTempDirectory(Path.of("/tmp"), "uictl-unkillable-");
        env = Map.of("UICTL_RUNTIME_DIR", runtime.toString(), "DISPLAY", "");
    }

    @AfterEach
    void cleanUp() throws IOException {
        UictlRun.run(env, "", "desktop", "down", "--all");
        try (Stream<Path> files = Files.walk(runtime)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void closingASessionWhoseProgramOutlivesSigkillIsAnIoErrorAndASecondCloseFinishesOnceItEnds() throws Exception {
        FrozenGroup.require();
        JsonNode opened = ContractAssert.envelope(UictlRun.run("term", "open", "--name", "frozen", "--", "sleep", "600"));
        long pid = opened.get("data").get("pid").asLong();
        try (FrozenGroup frozen = FrozenGroup.freeze(pid)) {
            JsonNode failed = ContractAssert.envelope(UictlRun.run("term", "close", "frozen", "--grace", "0"));
            assertThat(failed.get("error").get("code").asString()).as(failed.toString()).isEqualTo("IO_ERROR");
            assertThat(failed.get("error").get("message").asString()).contains("did not end after SIGKILL");
            assertThat(alive(pid)).as("the frozen program").isTrue();
            // the hint sends the caller to `term list` and a second close: the session must still be there
            assertThat(failed.get("error").get("hint").asString()).contains("uictl term list");
            assertThat(Json.write(ContractAssert.envelope(UictlRun.run("term", "list")).get("data")))
                    .contains("\"frozen\"");

            frozen.thaw();
            ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
        }
        JsonNode closed = ContractAssert.envelope(UictlRun.run("term", "close", "frozen"));
        assertThat(closed.get("success").asBoolean()).as(closed.toString()).isTrue();
        // thawed, it died of the signals the first close left pending (HUP is taken before KILL)
        assertThat(closed.get("data").get("exit").get("signal").asString()).isIn("HUP", "KILL");
        assertThat(alive(pid)).isFalse();
        assertThat(Json.write(ContractAssert.envelope(UictlRun.run("term", "list")).get("data")))
                .doesNotContain("\"frozen\"");
    }

    @Test
    void downOfADesktopWhoseXServerOutlivesSigkillFailsAndKeepsItForASecondDown() throws Exception {
        FrozenGroup.require();
        JsonNode up = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "up", "--name", "frozen", "--no-wm",
                "--no-a11y", "--size", "640x480"));
        assertThat(up.get("success").asBoolean()).as(up.toString()).isTrue();
        long xvfb = up.get("data").get("processes").get(0).get("pid").asLong();
        try (FrozenGroup frozen = FrozenGroup.freeze(xvfb)) {
            JsonNode failed = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "down", "--name", "frozen"));
            assertThat(failed.get("error").get("code").asString()).as(failed.toString()).isEqualTo("ACTION_FAILED");
            assertThat(failed.get("error").get("message").asString()).contains("survived SIGKILL")
                    .contains(Long.toString(xvfb));
            assertThat(alive(xvfb)).as("the frozen X server").isTrue();
            assertThat(Files.exists(Path.of(up.get("data").get("state_dir").asString())))
                    .as("the desktop's state stays for the next down").isTrue();

            frozen.thaw();
            ProcessHandle.of(xvfb).ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
        }
        JsonNode down = ContractAssert.envelope(UictlRun.run(env, "", "desktop", "down", "--name", "frozen"));
        assertThat(down.get("success").asBoolean()).as(down.toString()).isTrue();
        assertThat(alive(xvfb)).isFalse();
        assertThat(Json.write(ContractAssert.envelope(UictlRun.run(env, "", "desktop", "status")).get("data")))
                .doesNotContain("\"frozen\"");
    }

    /**
     * An X server that starts but never says which display it serves (it never writes to -displayfd): `desktop up`
     * gives up after its step's time with TIMEOUT, and the server it started is gone, nothing recorded.
     */
    @Test
    void upWhoseXServerNeverBecomesReadyTimesOutAndLeavesNothingRunning() throws Exception {
        Path bin = Files.createDirectories(runtime.resolve("bin"));
        Path pidFile = runtime.resolve("xvfb.pid");
        Path stub = bin.resolve("Xvfb");
        Files.writeString(stub, "#!/bin/sh\necho $$ > '" + pidFile + "'\nexec sleep 600\n");
        stub.toFile().setExecutable(true);
        Map<String, String> stalled = new java.util.HashMap<>(env);
        stalled.put("PATH", bin + ":" + System.getenv("PATH"));

        JsonNode e = ContractAssert.envelope(UictlRun.run(stalled, "", "desktop", "up", "--name", "stalled",
                "--no-wm", "--no-a11y"));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("TIMEOUT");
        assertThat(e.get("error").get("details").get("kind").asString()).isEqualTo("desktop_startup");
        assertThat(e.get("error").get("message").asString()).contains("Xvfb");
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        assertThat(alive(pid)).as("the stand-in X server was reaped").isFalse();
        assertThat(Json.write(ContractAssert.envelope(UictlRun.run(env, "", "desktop", "status")).get("data")))
                .doesNotContain("\"stalled\"");
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
