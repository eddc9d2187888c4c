package dev.uictl.engine.sandbox;

import dev.uictl.core.error.UictlException;
import dev.uictl.core.file.OwnerOnly;
import dev.uictl.sandbox.Policy;
import dev.uictl.sandbox.PolicyDeniedException;
import dev.uictl.sandbox.PolicyParser;
import dev.uictl.sandbox.PolicyValidator;
import dev.uictl.sandbox.PolicyWriter;
import dev.uictl.sandbox.Sandbox;
import dev.uictl.sandbox.SandboxUnavailableException;
import dev.uictl.sandbox.SandboxedCommand;
import dev.uictl.sandbox.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The daemon's door to the sandbox: resolves a {@link PolicyRequest} into an accepted policy, explains it, and
 * prepares the sandboxed command a terminal session spawns. Failures come out as the contract's POLICY_DENIED /
 * SANDBOX_UNAVAILABLE ({@link SandboxErrors}).
 */
public final class Sandboxes implements AutoCloseable {
    private final Sandbox.Tools tools;
    private Sandbox sandbox;
    private Path stateDir;

    public Sandboxes(Sandbox.Tools tools) {
        this.tools = tools;
    }

    /** bwrap from PATH and the exec helper the installation's set-up built ({@code build/uictl-sandbox-exec}). */
    public static Sandboxes forInstallation(Path installationHome) {
        String helper = System.getProperty("uictl.sandbox.exec");
        return new Sandboxes(Sandbox.Tools.locate(System.getenv("PATH"), helper != null ? Path.of(helper)
                : installationHome.resolve("build").resolve("uictl-sandbox-exec")));
    }

    /** The policy after overrides, normalized and accepted; POLICY_DENIED with every violation otherwise. */
    public Policy effectivePolicy(PolicyRequest request, Map<String, String> callerEnvironment) {
        PolicyValidator.Checked checked = check(request, callerEnvironment);
        try {
            return checked.orThrow();
        } catch (PolicyDeniedException e) {
            throw SandboxErrors.denied(e);
        }
    }

    /** Everything wrong with the policy and the launch, without running anything. */
    public PolicyExplanation explain(PolicyRequest request, List<String> argv, Path cwd, Map<String, String> env) {
        PolicyValidator.Checked checked = check(request, env);
        List<Violation> all = new ArrayList<>(checked.violations());
        try {
            PolicyValidator.checkLaunch(checked.policy(), argv, cwd);
        } catch (PolicyDeniedException e) {
            all.addAll(e.violations());
        }
        List<String> enforcement = new ArrayList<>();
        if (checked.policy().sandbox() == Policy.SandboxMode.BWRAP) {
            try {
                sandbox().requireAvailable();
                enforcement.addAll(List.of("bwrap", "pid-namespace", "landlock-abi-" + dev.uictl.sandbox.Landlock.abi()));
                if (checked.policy().network() == Policy.NetworkMode.DISABLED) {
                    enforcement.addAll(List.of("network-namespace", "seccomp-network"));
                }
            } catch (SandboxUnavailableException e) {
                all.add(new Violation("sandbox", Violation.Kind.INVALID, "sandbox unavailable: " + e.getMessage()
                        + " (" + e.hint() + ")"));
            }
        }
        return new PolicyExplanation(all.isEmpty(), SandboxErrors.details(all), PolicyWriter.toMap(checked.policy()),
                enforcement);
    }

    /**
     * The command that runs {@code argv} in {@code cwd} under the requested policy: POLICY_DENIED when the policy or
     * the launch is refused, SANDBOX_UNAVAILABLE when the sandbox cannot be set up here. {@code env} is the caller's
     * environment (the policy picks from it); the program also gets TERM=xterm-256color unless the policy sets TERM.
     */
    public SandboxedCommand prepare(PolicyRequest request, List<String> argv, Path cwd, Map<String, String> env) {
        PolicyValidator.Checked checked = check(request, env);
        List<Violation> all = new ArrayList<>(checked.violations());
        PolicyValidator.Launch launch = null;
        try {
            launch = PolicyValidator.checkLaunch(checked.policy(), argv, cwd);
        } catch (PolicyDeniedException e) {
            all.addAll(e.violations()); // the launch's problems are reported with the policy's, all at once
        }
        if (!all.isEmpty()) {
            throw SandboxErrors.denied(new PolicyDeniedException(all));
        }
        try {
            return sandbox().prepare(checked.policy(), launch, env, Map.of("TERM", "xterm-256color"));
        } catch (SandboxUnavailableException e) {
            throw SandboxErrors.unavailable(e);
        }
    }

    private PolicyValidator.Checked check(PolicyRequest request, Map<String, String> env) {
        Object document = request.file() != null ? PolicyFiles.read(request.file()) : request.inline();
        PolicyParser.Parsed parsed = document == null ? new PolicyParser.Parsed(Policy.defaults(), List.of())
                : PolicyParser.parse(document);
        Policy withOverrides = request.overrides().applyTo(parsed.policy());
        String home = env.get("HOME");
        PolicyValidator.Checked checked = PolicyValidator.check(withOverrides,
                home == null || home.isEmpty() ? null : Path.of(home));
        List<Violation> all = new ArrayList<>(parsed.violations());
        all.addAll(checked.violations());
        return new PolicyValidator.Checked(checked.policy(), all);
    }

    private synchronized Sandbox sandbox() {
        if (sandbox == null) {
            try {
                stateDir = Files.createTempDirectory("uictl-sandbox-",
                        OwnerOnly.DIRECTORY);
            } catch (IOException e) {
                throw UictlException.of(dev.uictl.core.error.ErrorCode.IO_ERROR,
                        "cannot create the sandbox's private directory: " + e.getMessage())
                        .withHint("Check that the temporary directory (java.io.tmpdir) is writable.");
            }
            sandbox = new Sandbox(tools, stateDir);
        }
        return sandbox;
    }

    @Override
    public synchronized void close() {
        if (stateDir != null) {
            try (var files = Files.list(stateDir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
                Files.deleteIfExists(stateDir);
            } catch (IOException e) {
                // a temporary directory left behind holds only the public seccomp program
            }
        }
    }
}
