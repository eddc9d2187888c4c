package dev.uictl.commands.policy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.engine.sandbox.PolicyRequest;
import dev.uictl.sandbox.Policy;
import dev.uictl.sandbox.PolicyOverrides;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The policy flags shared by every command that runs a program under a policy ({@code term open}, and later
 * {@code exec}, {@code run}, {@code driver}): {@code --policy FILE} plus overrides. Weakening flags only take
 * effect with their acknowledgement flag, checked by the policy validator like the policy file's own fields.
 */
public final class PolicyParams {
    public static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.option("policy", ParamType.PATH, "Run under this policy file (JSON, or YAML when named .yaml/.yml; "
                    + "see docs/policy.md); the policy flags below change it"),
            ParamSpec.option("sandbox", ParamType.ENUM, "Sandbox: bwrap (enforced) or none (needs --sandbox-unsafe-ack "
                    + "and --network-unsafe-ack)").choices("bwrap", "none"),
            ParamSpec.flag("sandbox-unsafe-ack", "Acknowledge running without a sandbox"),
            ParamSpec.option("network", ParamType.ENUM, "Network: disabled (default) or enabled (needs "
                    + "--network-unsafe-ack)").choices("disabled", "enabled"),
            ParamSpec.flag("network-unsafe-ack", "Acknowledge network access (or that it cannot be cut off without a sandbox)"),
            ParamSpec.option("allow-read", ParamType.STRING_LIST, "Make this absolute directory or file readable "
                    + "(repeatable)"),
            ParamSpec.option("allow-write", ParamType.STRING_LIST, "Make this absolute directory writable (repeatable; "
                    + "needs --fs-write-unsafe-ack)"),
            ParamSpec.flag("fs-write-unsafe-ack", "Acknowledge that the program may write to the allowed write paths"),
            ParamSpec.option("allow-exec", ParamType.STRING_LIST, "Allow executing this absolute program path "
                    + "(repeatable)"),
            ParamSpec.flag("allow-shell", "Allow shells (sh, bash, …) as allowed executables"),
            ParamSpec.option("env-allow", ParamType.STRING_LIST, "Pass this variable from the caller's environment "
                    + "(repeatable; LD_PRELOAD and the like are refused)"),
            ParamSpec.option("env-set", ParamType.STRING_LIST, "Set NAME=value in the program's environment (repeatable)"));
    /** For commands that can report instead of running ({@code exec}, {@code run}); read with {@link #explain}. */
    public static final ParamSpec EXPLAIN = ParamSpec.flag("explain-policy", "List every policy violation (and what "
            + "would enforce the policy) without running anything");

    private PolicyParams() {
    }

    /** Adds the policy flags to a command's spec. */
    public static CommandSpec.Builder addTo(CommandSpec.Builder spec) {
        PARAMS.forEach(spec::param);
        return spec;
    }

    /** True when any policy flag was given: the program then runs under a policy (deny-by-default without --policy). */
    public static boolean requested(Args args) {
        return PARAMS.stream().anyMatch(p -> args.has(p.name()) && (!p.isFlag() || args.flag(p.name()))
                && (!p.isList() || !args.list(p.name()).isEmpty()));
    }

    public static boolean explain(Args args) {
        return args.has(EXPLAIN.name()) && args.flag(EXPLAIN.name());
    }

    /** The policy source and overrides the flags describe; relative paths are resolved against the caller's cwd. */
    public static PolicyRequest request(Args args, CommandContext ctx) {
        Path file = args.has("policy") ? ctx.cwd().resolve(args.string("policy")).normalize() : null;
        return PolicyRequest.ofFile(file, overrides(args, ctx.cwd()));
    }

    static PolicyOverrides overrides(Args args, Path cwd) {
        Map<String, String> set = Assignments.parse(args.list("env-set"), "env-set", "LANG=C.UTF-8");
        return new PolicyOverrides(
                args.has("sandbox") ? Policy.SandboxMode.valueOf(args.string("sandbox").toUpperCase(java.util.Locale.ROOT)) : null,
                args.flag("sandbox-unsafe-ack"),
                args.has("network") ? Policy.NetworkMode.valueOf(args.string("network").toUpperCase(java.util.Locale.ROOT)) : null,
                args.flag("network-unsafe-ack"),
                paths(args.list("allow-read"), cwd), paths(args.list("allow-write"), cwd), args.flag("fs-write-unsafe-ack"),
                paths(args.list("allow-exec"), cwd), args.flag("allow-shell"), args.list("env-allow"), set, null, null);
    }

    /** Relative paths are taken from the caller's directory, then checked (absolute, not broad) by the validator. */
    private static List<Path> paths(List<String> raw, Path cwd) {
        return raw.stream().map(s -> {
            if (s.isEmpty() || s.indexOf('\0') >= 0 || s.length() > 4096) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "a policy path must be 1..4096 characters without NUL")
                        .withHint("Give an absolute path, e.g. --allow-write /tmp/work.");
            }
            return cwd.resolve(s).normalize();
        }).toList();
    }
}
