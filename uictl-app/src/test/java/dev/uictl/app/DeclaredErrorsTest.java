package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.commands.meta.CommandCatalog;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Declared error codes against what the module's tests saw (recorded by {@link ContractLedger}): every code a
 * command returned is declared, every declared code was returned by some test, is reachable only under faults
 * (below) or is listed as test debt in declared-unseen-baseline.tsv, and every hint shown names a command that
 * exists. Runs after every other test class of the module.
 */
@Order(Integer.MAX_VALUE)
class DeclaredErrorsTest {
    private static final CommandRegistry REGISTRY = UictlRun.app().dispatcher().registry();

    /**
     * Codes every command declares (CommandSpec.UNIVERSAL_ERRORS) that in-process tests cannot provoke for each
     * command: INTERNAL_ERROR is a bug, DAEMON_UNAVAILABLE and PROTOCOL_VERSION_MISMATCH come from the client/daemon
     * link (covered by the end-to-end tests through bin/uictl). INVALID_ARGS and MISSING_REQUIRED are checked.
     */
    private static final Set<ErrorCode> ONLY_UNDER_FAULTS = EnumSet.of(ErrorCode.INTERNAL_ERROR,
            ErrorCode.DAEMON_UNAVAILABLE, ErrorCode.PROTOCOL_VERSION_MISMATCH);

    /** Declared codes no test provokes yet (test debt, listed so that a new untested code fails). */
    private static final Set<String> BASELINE = baseline();

    private static Set<String> baseline() {
        try (var in = DeclaredErrorsTest.class.getResourceAsStream("/declared-unseen-baseline.tsv")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).collect(java.util.stream.Collectors.toSet());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void everyCodeACommandReturnedIsDeclared() {
        Set<ErrorCode> advertised = CommandCatalog.advertised(REGISTRY);
        List<String> undeclared = new ArrayList<>();
        ContractLedger.codes().forEach((command, codes) -> {
            Optional<CommandSpec> spec = REGISTRY.find(command).map(Command::spec);
            for (String name : codes) {
                ErrorCode code = ErrorCode.valueOf(name);
                boolean ok = spec.isEmpty() ? CommandSpec.UNIVERSAL_ERRORS.contains(code)
                        // a failed batch fails with its first failed item's code, declared by that item's command
                        : command.equals("batch") ? advertised.contains(code) : spec.get().errors().contains(code);
                if (!ok) {
                    undeclared.add(command + " returned " + code);
                }
            }
        });
        assertThat(undeclared).as("codes returned but not declared").isEmpty();
    }

    @Test
    void everyDeclaredCodeWasSeenOrIsJustified() {
        if (!SuiteCoverage.missing().isEmpty()) {
            // Only a whole-module run has seen everything; CI runs the whole module.
            assertThat(System.getenv("CI")).as("CI runs every test class; missing: %s", SuiteCoverage.missing())
                    .isNotEqualTo("true");
            return;
        }
        Map<String, Set<String>> unseen = new TreeMap<>();
        Map<String, Set<String>> seen = ContractLedger.codes();
        for (CommandSpec spec : REGISTRY.specs()) {
            for (ErrorCode code : spec.errors()) {
                boolean returned = seen.getOrDefault(spec.name(), Set.of()).contains(code.name());
                boolean listed = BASELINE.contains(spec.name() + "\t" + code.name());
                if (!returned && !listed && !ONLY_UNDER_FAULTS.contains(code)) {
                    unseen.computeIfAbsent(spec.name(), k -> new TreeSet<>()).add(code.name());
                }
                if (returned && listed) {
                    // Not a failure: a code seen only under load (e.g. TIMEOUT) would make the check flaky.
                    System.out.println("declared-unseen-baseline.tsv: " + spec.name() + " " + code
                            + " was seen; delete its line if a test provokes it on purpose");
                }
            }
        }
        assertThat(unseen).as("declared codes no test saw: test them (or, as debt, list them in "
                + "declared-unseen-baseline.tsv)").isEmpty();
    }

    @Test
    void everyBaselineLineNamesACodeItsCommandDeclares() {
        Set<String> declared = new java.util.HashSet<>();
        for (CommandSpec spec : REGISTRY.specs()) {
            spec.errors().forEach(code -> declared.add(spec.name() + "\t" + code.name()));
        }
        assertThat(BASELINE.stream().filter(line -> !declared.contains(line)).sorted().toList())
                .as("declared-unseen-baseline.tsv lines for codes their command no longer declares: delete them")
                .isEmpty();
    }

    @Test
    void everyHintShownNamesARealCommand() {
        List<String> problems = new ArrayList<>();
        for (String hint : ContractLedger.hints()) {
            for (String command : HintCommands.in(hint)) {
                HintCommands.problem(command, REGISTRY).ifPresent(p -> problems.add("`" + command + "` " + p));
            }
        }
        assertThat(ContractLedger.hints()).as("hints seen by the module's tests").isNotEmpty();
        assertThat(problems).isEmpty();
    }
}
