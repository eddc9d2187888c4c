package dev.uictl.commands.scenario;

import dev.uictl.commands.policy.PolicyParams;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.engine.sandbox.PolicyExplanation;
import dev.uictl.engine.sandbox.PolicyRequest;
import dev.uictl.engine.sandbox.Sandboxes;
import dev.uictl.engine.scenario.artifacts.NormalizationSettings;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.replay.Replayer;
import dev.uictl.engine.terminal.TerminalSessions;
import dev.uictl.sandbox.Policy;
import dev.uictl.sandbox.PolicyOverrides;
import dev.uictl.sandbox.PolicyWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run's policy (SPEC §5.4), deny-by-default: --policy FILE, else the scenario's run.policy (inline, or {path}
 * relative to the scenario file), else the defaults (bwrap, nothing executable); the policy flags override it.
 * Validation, the sandbox and the launch checks are the sandbox service's; this only picks the source.
 */
record RunPolicy(PolicyRequest request, Policy policy, Sandboxes sandboxes) {

    static RunPolicy resolve(Args args, CommandContext ctx, Scenario scenario, Path scenarioDir) {
        return of(request(args, ctx, scenario, scenarioDir), ctx);
    }

    /** Where the policy comes from, with the flags' overrides. */
    static PolicyRequest request(Args args, CommandContext ctx, Scenario scenario, Path scenarioDir) {
        PolicyRequest request = PolicyParams.request(args, ctx);
        if (request.file() == null && scenario != null) {
            if (scenario.run().policyPath() != null) {
                request = PolicyRequest.ofFile(scenarioDir.resolve(scenario.run().policyPath()).normalize(),
                        request.overrides());
            } else if (scenario.run().policy() != null) {
                request = PolicyRequest.inline(Json.mapper().convertValue(scenario.run().policy(), Object.class),
                        request.overrides());
            }
        }
        return request;
    }

    /** The policy a recording ran under (its policy.json), for replay. */
    static RunPolicy recorded(Path dir, CommandContext ctx) {
        return of(PolicyRequest.ofFile(dir.resolve("policy.json"), PolicyOverrides.NONE), ctx);
    }

    private static RunPolicy of(PolicyRequest request, CommandContext ctx) {
        Sandboxes sandboxes = ctx.service(Sandboxes.class);
        return new RunPolicy(request, sandboxes.effectivePolicy(request, ctx.env()), sandboxes);
    }

    /** Every violation of the policy and of launching {@code argv} in {@code cwd}, without running anything. */
    PolicyExplanation explain(List<String> argv, Path cwd, CommandContext ctx) {
        return sandboxes.explain(request, argv, cwd, ctx.env());
    }

    Policy.Budgets budgets() {
        return policy.budgets();
    }

    /** policy.json and the inline policy of scenario.json. */
    Map<String, Object> json() {
        return PolicyWriter.toMap(policy);
    }

    /** --artifacts, else the policy's artifacts.dir when artifacts.enabled, else none. */
    Path artifacts(Args args, CommandContext ctx) {
        Path cli = RunArgs.artifacts(args, ctx);
        if (cli != null) {
            return cli;
        }
        return policy.artifacts().enabled() ? policy.artifacts().directory().orElse(null) : null;
    }

    boolean overwrite(Args args) {
        return args.flag(RunArgs.OVERWRITE.name()) || policy.artifacts().overwrite();
    }

    SessionLauncher launcher(CommandContext ctx) {
        return new SessionLauncher(ctx.service(TerminalSessions.class), sandboxes, request, ctx.env(),
                policy.sandbox().wire());
    }

    Replayer.Recorded forReplay() {
        Policy.Replay r = policy.replay();
        List<NormalizationSettings.Rule> rules = r.normalizationRules() == null ? List.of()
                : r.normalizationRules().stream().map(x -> new NormalizationSettings.Rule(x.target(), x.pattern(),
                        x.replace())).toList();
        return new Replayer.Recorded(policy.budgets(), r.strict(), r.normalizationFilters(), rules);
    }
}
