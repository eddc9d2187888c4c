package dev.uictl.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Turns an accepted policy and a launch into a {@link SandboxedCommand}. Under {@code sandbox: bwrap} that is
 * bubblewrap (user, PID, network, IPC, UTS and cgroup namespaces; a read-only system baseline plus the allowed read
 * paths, writable binds of the allowed write paths, a private /tmp, /proc and /dev; a cleared environment;
 * die-with-parent) running the exec helper, which applies Landlock (exec allowlist, write rules) and hands the
 * terminal's foreground to the program before exec'ing it; with the network disabled bwrap also loads
 * {@link SeccompFilter}. Any missing piece is a {@link SandboxUnavailableException}, never a weaker sandbox.
 */
public final class Sandbox {
    /** The descriptor bwrap reads the seccomp program from. */
    public static final int SECCOMP_FD = 3;
    /** Where the exec helper appears inside the sandbox. */
    static final String HELPER_INSIDE = "/run/uictl-sandbox/exec";

    private final Tools tools;
    private final Path stateDir;
    private volatile String verifiedWorking;

    /**
     * @param bwrap      the bubblewrap binary (normally /usr/bin/bwrap); may not exist (then every bwrap launch is
     *                   SANDBOX_UNAVAILABLE)
     * @param execHelper the uictl-sandbox-exec binary built by scripts/setup
     */
    public record Tools(Path bwrap, Path execHelper) {
        /** bwrap found on {@code PATH} (or /usr/bin/bwrap) and the given helper. */
        public static Tools locate(String pathVariable, Path execHelper) {
            Path bwrap = Path.of("/usr/bin/bwrap");
            if (pathVariable != null) {
                for (String dir : pathVariable.split(":")) {
                    if (!dir.isEmpty() && Path.of(dir).isAbsolute() && Files.isExecutable(Path.of(dir, "bwrap"))) {
                        bwrap = Path.of(dir, "bwrap");
                        break;
                    }
                }
            }
            return new Tools(bwrap, execHelper);
        }
    }

    /** {@code stateDir}: a private directory (0700) of the caller where the seccomp program is kept. */
    public Sandbox(Tools tools, Path stateDir) {
        this.tools = tools;
        this.stateDir = stateDir;
    }

    public Tools tools() {
        return tools;
    }

    /**
     * Checks that a bwrap sandbox can be set up here: bwrap, the exec helper, Landlock, a known seccomp ABI, and
     * that bwrap really creates its namespaces (one trial run, remembered once it worked).
     */
    public void requireAvailable() throws SandboxUnavailableException {
        if (!Files.isExecutable(tools.bwrap())) {
            throw new SandboxUnavailableException("bubblewrap is not installed (" + tools.bwrap() + " missing)",
                    "apt-get install -y bubblewrap (or run scripts/setup), or choose sandbox: none with "
                            + "--sandbox none --sandbox-unsafe-ack --network-unsafe-ack");
        }
        if (!Files.isExecutable(tools.execHelper())) {
            throw new SandboxUnavailableException("the sandbox exec helper " + tools.execHelper() + " is missing",
                    "run scripts/setup, which builds it with gcc");
        }
        int abi = Landlock.abi();
        if (abi < Landlock.REQUIRED_ABI) {
            throw new SandboxUnavailableException("this kernel offers no Landlock, which enforces the exec allowlist",
                    "boot a kernel with CONFIG_SECURITY_LANDLOCK=y and landlock in lsm= (Linux 5.13 or later)");
        }
        if (SeccompFilter.Arch.current() == null) {
            throw new SandboxUnavailableException("no seccomp filter for architecture " + System.getProperty("os.arch"),
                    "run on x86_64 or aarch64");
        }
        if (verifiedWorking == null) {
            trialRun();
        }
    }

    private void trialRun() throws SandboxUnavailableException {
        List<String> argv = List.of(tools.bwrap().toString(), "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/",
                "--proc", "/proc", "--dev", "/dev", "--", "/bin/true");
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
                    new java.io.File("/dev/null"))).start();
            boolean ended = p.waitFor(10, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8).trim();
            if (!ended) {
                p.destroyForcibly();
                throw new SandboxUnavailableException("bwrap did not start a trial sandbox within 10 s", "check `bwrap "
                        + "--unshare-all --ro-bind / / /bin/true` by hand");
            }
            if (p.exitValue() != 0) {
                throw new SandboxUnavailableException("bwrap cannot create namespaces here: " + out,
                        "enable unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 and "
                                + "user.max_user_namespaces>0), or run inside a container that allows them");
            }
            verifiedWorking = out;
        } catch (IOException e) {
            throw new SandboxUnavailableException("cannot run bwrap: " + e.getMessage(), "apt-get install -y bubblewrap");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxUnavailableException("interrupted while checking bwrap", "retry");
        }
    }

    /**
     * The command that runs {@code launch} under {@code policy} (both already accepted by {@link PolicyValidator}).
     * {@code hostEnvironment} is the caller's environment: only {@code env.allowlist} names are taken from it, and
     * only when {@code env.inherit}. {@code terminalEnvironment} describes the terminal the program runs on (TERM):
     * set unless the policy sets the same names, never taken from the host.
     */
    public SandboxedCommand prepare(Policy policy, PolicyValidator.Launch launch, Map<String, String> hostEnvironment,
                                    Map<String, String> terminalEnvironment) throws SandboxUnavailableException {
        Map<String, String> env = new LinkedHashMap<>(terminalEnvironment);
        env.putAll(programEnvironment(policy.env(), hostEnvironment));
        if (policy.sandbox() == Policy.SandboxMode.NONE) {
            return new SandboxedCommand(launch.argv(), env, launch.cwd(), List.of(), launch.argv(), launch.cwd(), List.of());
        }
        requireAvailable();
        List<String> enforcement = new ArrayList<>(List.of("bwrap", "user-namespace", "pid-namespace", "ipc-namespace",
                "uts-namespace", "cleared-environment", "landlock-abi-" + Landlock.abi()));
        List<SandboxedCommand.InheritedFile> files = new ArrayList<>();
        BwrapArgs args = new BwrapArgs(tools.bwrap());
        if (policy.network() == Policy.NetworkMode.DISABLED) {
            enforcement.add("network-namespace");
            enforcement.add("seccomp-network");
            files.add(new SandboxedCommand.InheritedFile(SECCOMP_FD, seccompProgram()));
            args.seccomp(SECCOMP_FD);
        } else {
            args.shareNet();
        }
        args.baseline();
        policy.fs().allowedRead().forEach(args::readOnly);
        policy.fs().allowedWrite().forEach(args::writable);
        args.helper(tools.execHelper(), HELPER_INSIDE);
        args.chdir(launch.cwd());
        args.environment(env);
        List<String> argv = new ArrayList<>(args.build());
        argv.add(HELPER_INSIDE);
        argv.addAll(landlockRules(policy, launch));
        argv.add("--");
        argv.addAll(launch.argv());
        return new SandboxedCommand(argv, Map.of(), Path.of("/"), files, launch.argv(), launch.cwd(), enforcement);
    }

    /** The exec helper's options: what may be executed and written; reading is bounded by the mount view. */
    private static List<String> landlockRules(Policy policy, PolicyValidator.Launch launch) {
        List<String> out = new ArrayList<>();
        java.util.Set<Path> executables = new java.util.LinkedHashSet<>();
        List<Path> allowed = new ArrayList<>(policy.exec().allowedExecutables());
        if (!allowed.contains(launch.executable())) {
            allowed.add(launch.executable());
        }
        for (Path exe : allowed) {
            Path real = PathRules.realPath(exe).orElse(exe);
            executables.add(real);
            ElfInterpreter.of(real).flatMap(PathRules::realPath).ifPresent(executables::add);
        }
        executables.forEach(p -> out.addAll(List.of("-x", p.toString())));
        policy.fs().allowedWrite().forEach(p -> out.addAll(List.of("-w", p.toString())));
        return out;
    }

    private static Map<String, String> programEnvironment(Policy.Env env, Map<String, String> host) {
        Map<String, String> out = new LinkedHashMap<>();
        if (env.inherit()) {
            for (String name : env.allowlist()) {
                String value = host.get(name);
                if (value != null && !EnvRules.dangerous(name)) {
                    out.put(name, value);
                }
            }
        }
        env.set().forEach((k, v) -> {
            if (!EnvRules.dangerous(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** The seccomp program, written once into the private state directory (0600) and reused. */
    private synchronized Path seccompProgram() throws SandboxUnavailableException {
        SeccompFilter.Arch arch = SeccompFilter.Arch.current();
        Path file = stateDir.resolve("seccomp-network-" + arch.name() + ".bpf");
        byte[] program = SeccompFilter.networkDenyProgram(arch);
        try {
            Files.createDirectories(stateDir);
            if (Files.isRegularFile(file) && java.util.Arrays.equals(Files.readAllBytes(file), program)) {
                return file;
            }
            Path tmp = Files.createTempFile(stateDir, "seccomp", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(tmp, program, StandardOpenOption.TRUNCATE_EXISTING);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new SandboxUnavailableException("cannot write the seccomp program to " + file + ": " + e.getMessage(),
                    "make " + stateDir + " writable for the daemon's user");
        }
    }

}
