package dev.uictl.app.scenario;

import static dev.uictl.app.scenario.Scenarios.waitExit;
import static dev.uictl.app.scenario.Scenarios.waitText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.app.ContractAssert;
import dev.uictl.app.UictlApp;
import dev.uictl.app.UictlRun;
import dev.uictl.core.json.Json;
import dev.uictl.protocol.Installation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Real conditions that stop a scripted run's program from starting, or its artifacts from being written, through
 * every way of running one (exec, run, driver, replay; term open for the sandbox): each ends with the code that
 * names the cause, and nothing ran. The program is a script that appends to a file when it runs; the kernel
 * (starting the script itself) and that file are the oracles. Interpreter conditions are used because a program
 * the policy allows must exist and be executable when the policy is checked; its interpreter is only looked up by
 * the kernel at exec.
 */
class ProgramStartFailuresTest {
    @TempDir
    Path work;

    /** {@code work/prog}: a script run by {@code work/interp} (a link to /bin/sh until a test breaks it). */
    private Path program() throws IOException {
        Files.createSymbolicLink(work.resolve("interp"), Path.of("/bin/sh"));
        Path prog = Scenarios.write(work, "prog", "#!" + work.resolve("interp") + "\necho ran >> " + ranLog() + "\n");
        Files.setPosixFilePermissions(prog, PosixFilePermissions.fromString("rwxr-xr-x"));
        return prog;
    }

    private Path ranLog() {
        return work.resolve("ran.log");
    }

    private long runs() throws IOException {
        return Files.exists(ranLog()) ? Files.readAllLines(ranLog()).size() : 0;
    }

    /** exec --artifacts of the working program, unsandboxed (the script needs the whole system). */
    private Path record(Path prog) throws IOException {
        Path dir = work.resolve("rec");
        Scenarios.Run r = Scenarios.run(unsandboxed(prog, "exec", "--artifacts", dir.toString(), "--",
                prog.toString()));
        assertThat(r.passed()).as(r.output().stdout()).isTrue();
        assertThat(runs()).as("the recording ran the program").isEqualTo(1);
        return dir;
    }

    private String[] unsandboxed(Path prog, String command, String... rest) {
        List<String> argv = new ArrayList<>(List.of(command.split(" ")));
        argv.addAll(List.of("--sandbox", "none", "--sandbox-unsafe-ack", "--network-unsafe-ack", "--cwd",
                work.toString(), "--allow-exec", prog.toString()));
        argv.addAll(List.of(rest));
        return argv.toArray(String[]::new);
    }

    /** The program started by exec, by a scenario, by the driver and by a replay of its recording: their codes. */
    private Map<String, String> everyWayOfStarting(Path prog, Path recording) {
        String scenario = Scenarios.scenario("start", List.of(prog.toString()), Scenarios.unsandboxed(work,
                prog.toString()), 10, 40, waitExit("exit", 0));
        Map<String, String> codes = new HashMap<>();
        codes.put("exec", Scenarios.run(unsandboxed(prog, "exec", "--", prog.toString())).errorCode());
        codes.put("run", Scenarios.run("run", "--scenario", Scenarios.write(work, "start.json", scenario).toString())
                .errorCode());
        codes.put("driver", Scenarios.run(unsandboxed(prog, "driver --stdio", "--", prog.toString())).errorCode());
        codes.put("replay", Scenarios.run("replay", "--artifacts", recording.toString()).errorCode());
        return codes;
    }

    @Test
    void aProgramWhoseInterpreterIsGoneIsAppNotFoundEverywhereAndNeverRuns() throws Exception {
        Path prog = program();
        Path recording = record(prog);
        Files.delete(work.resolve("interp"));
        assertThatThrownBy(() -> new ProcessBuilder(prog.toString()).start()).as("the kernel's verdict")
                .hasMessageContaining("No such file or directory");

        assertThat(everyWayOfStarting(prog, recording)).containsOnly(Map.entry("exec", "APP_NOT_FOUND"),
                Map.entry("run", "APP_NOT_FOUND"), Map.entry("driver", "APP_NOT_FOUND"),
                Map.entry("replay", "APP_NOT_FOUND"));
        assertThat(runs()).as("only the recording ran it").isEqualTo(1);
    }

    @Test
    void aProgramWhoseInterpreterIsNotExecutableIsPermissionDeniedEverywhereAndNeverRuns() throws Exception {
        Path prog = program();
        Path recording = record(prog);
        Files.delete(work.resolve("interp"));
        // no execute bit at all: refused even to root
        Files.writeString(work.resolve("interp"), "not a program\n");
        Files.setPosixFilePermissions(work.resolve("interp"), PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> new ProcessBuilder(prog.toString()).start()).as("the kernel's verdict")
                .hasMessageContaining("Permission denied");

        assertThat(everyWayOfStarting(prog, recording)).containsOnly(Map.entry("exec", "PERMISSION_DENIED"),
                Map.entry("run", "PERMISSION_DENIED"), Map.entry("driver", "PERMISSION_DENIED"),
                Map.entry("replay", "PERMISSION_DENIED"));
        assertThat(runs()).as("only the recording ran it").isEqualTo(1);
    }

    /** An artifacts directory that cannot be created (its parent is a regular file, for root too) is found first. */
    @Test
    void artifactsThatCannotBeWrittenAreAnIoErrorBeforeTheProgramStarts() throws Exception {
        Path prog = program();
        Path file = Scenarios.write(work, "plain", "a regular file\n");
        String artifacts = file.resolve("artifacts").toString();
        String scenario = Scenarios.scenario("io", List.of(prog.toString()), Scenarios.unsandboxed(work,
                prog.toString()), 10, 40, waitExit("exit", 0));
        Path scenarioFile = Scenarios.write(work, "io.json", scenario);
        for (String[] argv : List.of(unsandboxed(prog, "exec", "--artifacts", artifacts, "--", prog.toString()),
                new String[] {"run", "--scenario", scenarioFile.toString(), "--artifacts", artifacts},
                unsandboxed(prog, "driver --stdio", "--artifacts", artifacts, "--", prog.toString()))) {
            Scenarios.Run r = Scenarios.run(argv);
            assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("IO_ERROR");
        }
        assertThat(runs()).as("nothing ran").isZero();
        assertThat(Files.readString(file)).as("the file in the way is untouched").isEqualTo("a regular file\n");
    }

    /** Past the policy's max_runtime_ms the run is TIMEOUT and its program is ended, not left running. */
    @Test
    void aRunPastItsRuntimeBudgetIsTimeoutAndItsProgramIsEnded() throws Exception {
        Map<String, Object> policy = new HashMap<>(Scenarios.unsandboxed(work, "/usr/bin/sleep"));
        policy.put("budgets", Map.of("max_runtime_ms", 1000));
        Path policyFile = Scenarios.write(work, "budget.json", Json.write(policy));
        String seconds = "47.31"; // names this test's sleep among the machine's processes
        long start = System.nanoTime();
        Scenarios.Run r = Scenarios.run("exec", "--policy", policyFile.toString(), "--", "/usr/bin/sleep", seconds);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("TIMEOUT");
        assertThat(ms).as("ended near its budget, not with the program").isLessThan(15_000);
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(seconds)).orElse(false)).toList()).as("the sleep was ended").isEmpty();
    }

    /** A program that exits before the text a step waits for: PROCESS_EXIT with its status. */
    @Test
    void aScenarioWhoseProgramExitsBeforeItsTextIsProcessExit() throws Exception {
        Path prog = Scenarios.write(work, "quits", "#!/bin/sh\necho ran >> " + ranLog() + "\nexit 3\n");
        Files.setPosixFilePermissions(prog, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(new ProcessBuilder(prog.toString()).start().waitFor()).as("the script on its own").isEqualTo(3);
        String scenario = Scenarios.scenario("quits", List.of(prog.toString()), Scenarios.unsandboxed(work,
                prog.toString()), 10, 40, waitText("ready", "ready"));
        Scenarios.Run r = Scenarios.run("run", "--scenario", Scenarios.write(work, "quits.json", scenario).toString());
        assertThat(r.errorCode()).as(r.output().stdout()).isEqualTo("PROCESS_EXIT");
        assertThat(r.result().get("exit").get("code").asInt()).isEqualTo(3);
        assertThat(runs()).as("the oracle's run and the scenario's").isEqualTo(2);
    }

    /** The driver refuses a program the policy does not allow, and a replay one its recorded policy no longer does. */
    @Test
    void aProgramThePolicyRefusesIsPolicyDeniedForTheDriverAndForAReplay() throws Exception {
        Path prog = program();
        Scenarios.Run driver = Scenarios.run("driver", "--stdio", "--cwd", work.toString(), "--", prog.toString());
        assertThat(driver.errorCode()).as(driver.output().stdout()).isEqualTo("POLICY_DENIED");
        assertThat(runs()).isZero();

        Path recording = record(prog);
        Files.delete(prog); // the recorded policy allows a program that is no longer there
        Scenarios.Run replay = Scenarios.run("replay", "--artifacts", recording.toString());
        assertThat(replay.errorCode()).as(replay.output().stdout()).isEqualTo("POLICY_DENIED");
        assertThat(replay.envelope().get("error").get("details").get("violations").toString())
                .contains(prog.toString());
        assertThat(Files.exists(recording.resolve("replay-001"))).as("refused before the replay started").isFalse();
    }

    /**
     * An installation whose set-up did not build the sandbox's exec helper (build/uictl-sandbox-exec; e.g. no C
     * compiler) cannot confine a program: every sandboxed start is SANDBOX_UNAVAILABLE and nothing runs unconfined.
     * The same calls through the module's installation, which has the helper, do run (the control).
     */
    @Test
    void withoutTheSandboxHelperEverySandboxedStartIsSandboxUnavailableAndNothingRuns() throws Exception {
        Path home = Files.createDirectories(work.resolve("installation/build"));
        UictlApp noHelper = new UictlApp(new Installation(home.getParent()));
        try {
            Path marker = work.resolve("box").resolve("touched");
            Files.createDirectories(marker.getParent());
            String box = marker.getParent().toString();
            List<String> policy = List.of("--cwd", box, "--allow-read", box, "--allow-write", box,
                    "--fs-write-unsafe-ack", "--allow-exec", "/usr/bin/touch");
            Map<String, Object> inline = Map.of("policy_version", 1, "fs", Map.of("working_dir", box,
                    "allowed_read", List.of(box), "allowed_write", List.of(box)), "fs_write_unsafe_ack", true,
                    "exec", Map.of("allowed_executables", List.of("/usr/bin/touch")));
            Path scenario = Scenarios.write(work, "boxed.json", Scenarios.scenario("boxed",
                    List.of("/usr/bin/touch", marker.toString()), inline, 10, 40, waitExit("exit", 0)));
            Path recording = work.resolve("boxed-rec");

            assertThat(code(noHelper, with("exec", policy, "--", "/usr/bin/touch", marker.toString())))
                    .isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(code(noHelper, "run", "--scenario", scenario.toString())).isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(code(noHelper, with("driver --stdio", policy, "--", "/usr/bin/touch", marker.toString())))
                    .isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(code(noHelper, with("term open", policy, "--", "/usr/bin/touch", marker.toString())))
                    .isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(marker).as("nothing ran, confined or not").doesNotExist();

            Scenarios.Run control = Scenarios.run(with("exec", policy, "--artifacts", recording.toString(), "--",
                    "/usr/bin/touch", marker.toString()));
            assertThat(control.passed()).as(control.output().stdout()).isTrue();
            assertThat(control.result().get("sandbox").asString()).isEqualTo("bwrap");
            assertThat(marker).as("the control ran in the sandbox").exists();
            Files.delete(marker);

            assertThat(code(noHelper, "replay", "--artifacts", recording.toString())).isEqualTo("SANDBOX_UNAVAILABLE");
            assertThat(marker).as("the replay ran nothing").doesNotExist();
        } finally {
            noHelper.services().closeAll();
        }
    }

    private static String[] with(String command, List<String> policy, String... rest) {
        List<String> argv = new ArrayList<>(List.of(command.split(" ")));
        argv.addAll(policy);
        argv.addAll(List.of(rest));
        return argv.toArray(String[]::new);
    }

    private static String code(UictlApp app, String... argv) {
        UictlRun.Output out = UictlRun.answering(app, "SANDBOX_UNAVAILABLE", Map.of(), "", argv);
        JsonNode e = ContractAssert.envelope(out);
        return e.path("error").path("code").asString(out.stdout());
    }
}
