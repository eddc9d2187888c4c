package dev.uictl.pty.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PtyProcessTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private final List<PtyProcess> started = new ArrayList<>();
    private final ProcessMarker marker = ProcessMarker.ownedByThisProcess("UICTL_PTY_TEST", "pty-test");

    @TempDir
    Path tmp;

    @AfterEach
    void closeAll() {
        started.forEach(PtyProcess::close);
    }

    private PtyProcess spawn(Recorder out, int rows, int cols, Path cwd, Map<String, String> extraEnv, String... argv)
            throws PtyException {
        Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/local/bin:/usr/bin:/bin", "TERM", "xterm-256color",
                "LANG", "C.UTF-8", "HOME", tmp.toString()));
        env.putAll(extraEnv);
        PtyProcess p = PtyProcess.spawn(new PtyCommand(List.of(argv), env, marker, cwd, rows, cols), out);
        started.add(p);
        return p;
    }

    private PtyProcess spawn(Recorder out, String... argv) throws PtyException {
        return spawn(out, 24, 80, tmp, Map.of(), argv);
    }

    @Test
    void typedBytesAreEchoedAndCatRepeatsTheLine() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "cat");
        p.write("hello pty\r".getBytes(StandardCharsets.UTF_8), WAIT);
        // once echoed by the line discipline, once written back by cat (ONLCR turns \n into \r\n)
        out.await(t -> t.indexOf("hello pty\r\n") != t.lastIndexOf("hello pty\r\n"), "echo and cat's copy");
        p.write(new byte[] {4}, WAIT); // ^D at the start of a line: cat sees end of file
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
    }

    @Test
    void theProgramSeesItsSizeFromTheFirstInstruction() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, 33, 101, tmp, Map.of(), "stty", "size");
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
        assertThat(out.awaitText("33 101")).contains("33 101");
    }

    @Test
    void resizeReachesTheProgramAsSigwinch() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "trap 'echo winch $(stty size)' WINCH; echo ready; "
                + "while :; do sleep 5 & wait $!; done");
        out.awaitText("ready");
        p.resize(40, 120);
        out.awaitText("winch 40 120");
        assertThat(p.windowSize().rows()).isEqualTo(40);
        assertThat(p.windowSize().cols()).isEqualTo(120);
    }

    @Test
    void lineModeFollowsWhatTheProgramSetOnItsSide() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "echo cooked; read x; stty raw; echo raw; sleep 600");
        out.awaitText("cooked");
        assertThat(p.lineMode()).isTrue();
        p.write("\r".getBytes(StandardCharsets.UTF_8), WAIT);
        out.awaitText("raw");
        assertThat(p.lineMode()).isFalse();
    }

    @Test
    void unreadInputCountsWhatTheProgramHasNotReadYet() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "stty raw -echo; echo ready; head -c 3 >/dev/null; echo took; sleep 600");
        out.awaitText("ready");
        p.write("abc".getBytes(StandardCharsets.UTF_8), WAIT);
        out.awaitText("took");
        assertThat(p.unreadInput()).isZero();
        p.write("defg".getBytes(StandardCharsets.UTF_8), WAIT); // nobody reads these
        // the kernel moves input to the queue asynchronously
        Poll.until("4 bytes in the input queue", WAIT, () -> {
            try {
                return p.unreadInput() == 4;
            } catch (PtyException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void exitCodeAndDeathBySignalStayDistinct() throws Exception {
        assertThat(spawn(new Recorder(), "sh", "-c", "exit 7").waitFor(WAIT)).contains(ExitStatus.exited(7));
        assertThat(spawn(new Recorder(), "sh", "-c", "exit 143").waitFor(WAIT)).contains(ExitStatus.exited(143));
        ExitStatus killed = spawn(new Recorder(), "sh", "-c", "kill -TERM $$").waitFor(WAIT).orElseThrow();
        assertThat(killed.signal()).isEqualTo(Signal.TERM.number());
        assertThat(killed.code()).isNull();
        assertThat(killed.signalName()).isEqualTo("TERM");
    }

    @Test
    void workingDirectoryAndEnvironmentAreTheOnesAskedFor() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("work dir"));
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, 24, 80, dir, Map.of("FOO", "bar baz"), "sh", "-c", "pwd; echo \"foo=$FOO\"; echo \"user=$USER\"");
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
        String text = out.awaitText("user=");
        assertThat(text).contains(dir.toString() + "\r\n").contains("foo=bar baz").contains("user=\r\n");
    }

    @Test
    void onlyTheTerminalReachesTheChild() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "echo ready; exec sleep 600");
        out.awaitText("ready");
        // After the exec the dynamic loader briefly holds the libraries open; once sleep sleeps it is done.
        Path wchan = Path.of("/proc", Integer.toString(p.pid()), "wchan");
        Poll.until("sleep sleeps", WAIT, () -> {
            try {
                return Files.readString(wchan).contains("nanosleep");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Path fds = Path.of("/proc", Integer.toString(p.pid()), "fd");
        try (var list = Files.list(fds)) {
            assertThat(list.map(f -> f.getFileName().toString()).sorted().toList()).containsExactly("0", "1", "2");
        }
        assertThat(Files.readSymbolicLink(fds.resolve("0"))).hasToString(p.terminalName());
    }

    @Test
    void theTerminalIsTheControllingTtyOfANewSession() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "echo tty=$(tty); echo ids=$(ps -o sid= -o pgid= -o tpgid= -p $$)");
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
        String text = out.awaitText("ids=");
        assertThat(text).contains("tty=" + p.terminalName());
        String ids = text.lines().filter(l -> l.startsWith("ids=")).findFirst().orElseThrow().substring(4).trim();
        String pid = Integer.toString(p.pid());
        assertThat(ids.split("\\s+")).containsExactly(pid, pid, pid);
    }

    @Test
    void jobControlWorksInAnInteractiveShell() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, 24, 80, tmp, Map.of("PS1", "$ "), "bash", "--norc", "--noprofile", "-i");
        out.awaitText("$ ");
        assertThat(out.text()).doesNotContain("no job control");
        p.write("sleep 300\r".getBytes(StandardCharsets.UTF_8), WAIT);
        // ^Z before bash handed the terminal to the job would hit bash, and before the job's process became sleep
        // (the forked child still ignores SIGTSTP like the interactive shell) it would be lost
        awaitForegroundJob(p.pid(), "sleep");
        p.write(new byte[] {0x1a}, WAIT); // ^Z
        out.awaitText("Stopped");
        p.write("jobs -l; echo jobs-done\r".getBytes(StandardCharsets.UTF_8), WAIT);
        String text = out.await(t -> t.contains("\r\njobs-done\r\n"), "the job list");
        assertThat(text).containsPattern("\\[1\\]\\+ +\\d+ Stopped +sleep 300");
        p.write("exit\r".getBytes(StandardCharsets.UTF_8), WAIT);
    }

    @Test
    void terminateEndsTheWholeTreeAndLeavesNoZombie() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c",
                "sleep 600 & sleep 600 & setsid sleep 600 & nohup sleep 600 >/dev/null 2>&1 & "
                        + "sh -c 'trap \"\" HUP TERM; echo trapped; sleep 600' & echo started; wait");
        out.awaitText("started");
        out.awaitText("trapped"); // a hang-up before the trap is set would end that shell without SIGKILL
        awaitMarkedProcesses(6);
        TerminationReport report = p.terminate(Signal.HUP, Duration.ofMillis(300));
        assertThat(report.signalled()).isGreaterThanOrEqualTo(6);
        assertThat(report.killed()).isGreaterThanOrEqualTo(1); // the HUP-ignoring shell needed SIGKILL
        assertThat(markedProcesses()).isEmpty();
        assertThat(p.exitStatus()).isPresent();
        assertThat(zombieChildrenOfThisJvm()).isEmpty();
    }

    @Test
    void backgroundJobsOfAnInteractiveShellDieWithIt() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, 24, 80, tmp, Map.of("PS1", "$ "), "bash", "--norc", "--noprofile", "-i");
        out.awaitText("$ ");
        p.write("sleep 600 & sleep 601 & disown -a; echo bg-started\r".getBytes(StandardCharsets.UTF_8), WAIT);
        out.awaitText("bg-started\r\n");
        awaitMarkedProcesses(3);
        p.close();
        assertThat(markedProcesses()).isEmpty();
        assertThat(p.exitStatus()).isPresent();
        assertThat(zombieChildrenOfThisJvm()).isEmpty();
    }

    @Test
    void childrenThatOutliveTheProgramKeepTheTerminalAndAreEndedByClose() throws Exception {
        Recorder out = new Recorder();
        // the hang-up the kernel sends when the session leader exits is ignored, as by a daemonised helper
        PtyProcess p = spawn(out, "sh", "-c", "trap '' HUP; sleep 600 & echo spawned"); // ignored HUP is inherited
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
        awaitMarkedProcesses(1);
        assertThat(p.outputEnded()).isFalse(); // the background sleep still holds the terminal
        p.close();
        assertThat(markedProcesses()).isEmpty();
    }

    /** A classic daemon: fork, setsid, fork again, close the terminal, then live on re-parented to init. */
    private static final String DAEMONIZE = """
            import os, sys, time
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    fd = os.open(os.devnull, os.O_RDWR)
                    for n in (0, 1, 2):
                        os.dup2(fd, n)
                    time.sleep(600)
                os._exit(0)
            os.wait()
            """;

    @Test
    void daemonsThatLeftTheTreeAndSessionAreEndedAndTheProgramsOwnExitStays() throws Exception {
        Recorder out = new Recorder();
        // a double-forked python daemon and a setsid'ed shell; the program exits once the shell has left its session
        PtyProcess p = spawn(out, "sh", "-c", "python3 -c '" + DAEMONIZE + "'; "
                + "setsid sh -c 'touch left; exec sleep 601' </dev/null >/dev/null 2>&1 & "
                + "until [ -e left ]; do sleep 0.01; done; exit 7");
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(7));
        awaitMarkedProcesses(2);
        assertThat(markedProcesses()).allSatisfy(pid -> {
            ProcessInfo info = ProcessInfo.read(pid).orElseThrow();
            assertThat(info.session()).isNotEqualTo(p.pid()); // none is reachable through the session any more
            assertThat(info.ppid()).isNotEqualTo(p.pid());
        });
        TerminationReport report = p.terminate(Signal.HUP, Duration.ofMillis(300));
        assertThat(report.signalled()).isEqualTo(2);
        assertThat(markedProcesses()).isEmpty();
        assertThat(p.exitStatus()).contains(ExitStatus.exited(7));
    }

    @Test
    void closeEndsARunningProgramAndItsDaemonAndReportsTheSignal() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "python3 -c '" + DAEMONIZE + "'; echo started; exec sleep 600");
        out.awaitText("started");
        awaitMarkedProcesses(2);
        p.terminate(Signal.TERM, Duration.ofSeconds(2));
        assertThat(markedProcesses()).isEmpty();
        assertThat(p.exitStatus()).contains(ExitStatus.killed(Signal.TERM.number()));
    }

    @Test
    void processesOfAnotherMarkerAreLeftAlone() throws Exception {
        ProcessMarker other = ProcessMarker.ownedByThisProcess(marker.name(), "neighbour");
        PtyProcess neighbour = PtyProcess.spawn(new PtyCommand(List.of("sh", "-c", "python3 -c '" + DAEMONIZE + "'"),
                Map.of("PATH", "/usr/bin:/bin"), other, tmp, 24, 80), new Recorder());
        started.add(neighbour);
        PtyProcess mine = spawn(new Recorder(), "sh", "-c", "python3 -c '" + DAEMONIZE + "'");
        assertThat(neighbour.waitFor(WAIT)).contains(ExitStatus.exited(0));
        assertThat(mine.waitFor(WAIT)).contains(ExitStatus.exited(0));
        awaitMarkedProcesses(1);
        List<Integer> theirs = carrying(other);
        assertThat(theirs).hasSize(1);
        mine.close();
        assertThat(markedProcesses()).isEmpty();
        assertThat(carrying(other)).isEqualTo(theirs).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
        neighbour.close();
        assertThat(carrying(other)).isEmpty();
    }

    @Test
    void outputEndsWhenTheLastHolderOfTheTerminalExits() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "printf 'last words'");
        assertThat(p.waitFor(WAIT)).contains(ExitStatus.exited(0));
        out.await(t -> out.ended(), "end of output");
        assertThat(out.text()).isEqualTo("last words");
        assertThatThrownBy(() -> {
            p.close();
            p.write("x".getBytes(StandardCharsets.UTF_8), WAIT);
        }).isInstanceOf(TerminalGoneException.class);
    }

    @Test
    void spawnFailuresSayWhy() {
        assertThatThrownBy(() -> spawn(new Recorder(), "no-such-program-" + UUID.randomUUID()))
                .isInstanceOfSatisfying(SpawnException.class,
                        e -> assertThat(e.reason()).isEqualTo(SpawnException.Reason.EXECUTABLE_NOT_FOUND));
        assertThatThrownBy(() -> spawn(new Recorder(), 24, 80, tmp.resolve("missing"), Map.of(), "true"))
                .isInstanceOfSatisfying(SpawnException.class,
                        e -> assertThat(e.reason()).isEqualTo(SpawnException.Reason.BAD_WORKING_DIRECTORY));
        assertThatThrownBy(() -> spawn(new Recorder(), "/etc/hostname"))
                .isInstanceOfSatisfying(SpawnException.class,
                        e -> assertThat(e.reason()).isEqualTo(SpawnException.Reason.NOT_EXECUTABLE));
    }

    @Test
    void aProgramThatDoesNotReadItsInputTimesOutTheWrite() throws Exception {
        Recorder out = new Recorder();
        PtyProcess p = spawn(out, "sh", "-c", "stty -icanon -echo; echo ready; sleep 600");
        out.awaitText("ready");
        byte[] big = new byte[1 << 20];
        Arrays.fill(big, (byte) 'x');
        assertThatThrownBy(() -> p.write(big, Duration.ofMillis(200)))
                .isInstanceOfSatisfying(InputTimeoutException.class, e -> assertThat(e.written()).isPositive());
    }

    private List<Integer> markedProcesses() {
        return carrying(marker);
    }

    /** Read independently of the code under test: every live process whose environment holds the entry. */
    static List<Integer> carrying(ProcessMarker m) {
        List<Integer> pids = new ArrayList<>();
        for (ProcessInfo info : ProcessTree.scan().values()) {
            if (info.zombie()) {
                continue;
            }
            try {
                String env = Files.readString(Path.of("/proc", Integer.toString(info.pid()), "environ"), StandardCharsets.ISO_8859_1);
                if (Arrays.asList(env.split("\0")).contains(m.name() + "=" + m.value())) {
                    pids.add(info.pid());
                }
            } catch (IOException e) {
                // gone or not ours
            }
        }
        return pids;
    }

    /** Processes start asynchronously; polling /proc is the only observation there is. */
    private void awaitMarkedProcesses(int atLeast) throws InterruptedException {
        Poll.until(atLeast + " marked processes", WAIT, () -> markedProcesses().size() >= atLeast);
    }

    /** The terminal's foreground process group, read from the shell's /proc stat (tpgid). */
    private static void awaitForegroundJob(int shell, String program) {
        Poll.until("the shell runs " + program + " as its foreground job", WAIT, () -> {
            try {
                String stat = Files.readString(Path.of("/proc", Integer.toString(shell), "stat"));
                int tpgid = Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[5]);
                return tpgid != shell && tpgid > 0
                        && Files.readString(Path.of("/proc", Integer.toString(tpgid), "comm")).strip().equals(program);
            } catch (java.io.IOException e) {
                return false; // the job's process came and went between the two reads
            }
        });
    }

    private static List<Integer> zombieChildrenOfThisJvm() {
        int self = (int) ProcessHandle.current().pid();
        return ProcessTree.scan().values().stream().filter(i -> i.ppid() == self && i.zombie()).map(ProcessInfo::pid).toList();
    }
}
