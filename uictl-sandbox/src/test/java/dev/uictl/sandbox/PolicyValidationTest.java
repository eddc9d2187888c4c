package dev.uictl.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyValidationTest {
    @TempDir
    Path tmp;

    private static List<String> fields(List<Violation> vs) {
        return vs.stream().map(Violation::field).toList();
    }

    private static Violation.Kind kindOf(List<Violation> vs, String field) {
        return vs.stream().filter(v -> v.field().equals(field)).findFirst().orElseThrow(
                () -> new AssertionError("no violation for " + field + " in " + vs)).kind();
    }

    @Test
    void everyViolationIsCollectedNotOnlyTheFirst() {
        Map<String, Object> doc = Map.of(
                "policy_version", 1,
                "sandbox", "none",
                "network", "enabled",
                "fs", Map.of("allowed_read", List.of("/", "relative/dir"), "allowed_write", List.of("/etc")),
                "exec", Map.of("allowed_executables", List.of("/bin/bash")),
                "env", Map.of("allowlist", List.of("LD_PRELOAD", "HOME"), "set", Map.of("LD_LIBRARY_PATH", "/x",
                        "FOO", "bar")),
                "budgets", Map.of("max_steps", -1),
                "bogus", true);
        PolicyParser.Parsed parsed = PolicyParser.parse(doc);
        PolicyValidator.Checked checked = PolicyValidator.check(parsed.policy(), Path.of("/root"));
        List<Violation> all = new java.util.ArrayList<>(parsed.violations());
        all.addAll(checked.violations());
        assertThat(kindOf(all, "bogus")).isEqualTo(Violation.Kind.UNKNOWN_FIELD);
        assertThat(kindOf(all, "budgets.max_steps")).isEqualTo(Violation.Kind.OUT_OF_RANGE);
        assertThat(kindOf(all, "sandbox_unsafe_ack")).isEqualTo(Violation.Kind.ACK_REQUIRED);
        assertThat(kindOf(all, "network_unsafe_ack")).isEqualTo(Violation.Kind.ACK_REQUIRED);
        assertThat(kindOf(all, "fs.allowed_read[0]")).isEqualTo(Violation.Kind.BROAD_ROOT);
        assertThat(kindOf(all, "fs.allowed_read[1]")).isEqualTo(Violation.Kind.NOT_ABSOLUTE);
        assertThat(kindOf(all, "fs.allowed_write[0]")).isEqualTo(Violation.Kind.BROAD_ROOT);
        assertThat(kindOf(all, "exec.allowed_executables[0]")).isEqualTo(Violation.Kind.SHELL_NOT_ALLOWED);
        assertThat(kindOf(all, "env.allowlist[0]")).isEqualTo(Violation.Kind.DANGEROUS_ENV);
        assertThat(kindOf(all, "env.set.LD_LIBRARY_PATH")).isEqualTo(Violation.Kind.DANGEROUS_ENV);
        assertThat(kindOf(all, "env.set.FOO")).isEqualTo(Violation.Kind.ENV_NOT_ALLOWLISTED);
        assertThat(all).hasSizeGreaterThanOrEqualTo(11);
    }

    @Test
    void dangerousVariablesAreRefusedWhateverTheirCase() {
        for (String name : List.of("LD_PRELOAD", "ld_preload", "LD_AUDIT", "GCONV_PATH", "BASH_ENV", "PYTHONPATH",
                "DYLD_INSERT_LIBRARIES", "BASH_FUNC_x%%", "NODE_OPTIONS")) {
            Policy p = Policy.defaults().withEnv(new Policy.Env(List.of(name), Map.of(), true));
            List<Violation> vs = PolicyValidator.check(p, null).violations();
            assertThat(vs).as(name).isNotEmpty();
            assertThat(vs.getFirst().kind()).as(name).isIn(Violation.Kind.DANGEROUS_ENV, Violation.Kind.INVALID);
        }
        assertThat(PolicyValidator.check(Policy.defaults().withEnv(new Policy.Env(List.of("LANG", "TERM"),
                Map.of("LANG", "C.UTF-8"), true)), null).violations()).isEmpty();
    }

    @Test
    void tuiUseFieldNamesAndVersionsAreAccepted() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("work"));
        Map<String, Object> ptybox = new java.util.LinkedHashMap<>();
        ptybox.put("policy_version", 4);
        ptybox.put("sandbox", "none");
        ptybox.put("sandbox_unsafe_ack", true);
        ptybox.put("network", "disabled");
        ptybox.put("network_unsafe_ack", true);
        ptybox.put("fs", Map.of("allowed_read", List.of(work.toString()), "allowed_write", List.of(work.toString()),
                "working_dir", work.toString()));
        ptybox.put("fs_write_unsafe_ack", true);
        ptybox.put("fs_strict_write", false);
        ptybox.put("exec", Map.of("allowed_executables", List.of("/usr/bin/cat"), "allow_shell", false));
        ptybox.put("env", Map.of("allowlist", List.of("TERM"), "set", Map.of("TERM", "xterm"), "inherit", false));
        ptybox.put("budgets", Map.of("max_runtime_ms", 60000, "max_steps", 10000, "max_output_bytes", 8388608,
                "max_snapshot_bytes", 2097152, "max_wait_ms", 10000));
        ptybox.put("artifacts", Map.of("enabled", true, "dir", work.resolve("art").toString(), "overwrite", false));
        ptybox.put("replay", Map.of("strict", false, "normalization_filters", List.of("run_id", "session_id"),
                "normalization_rules", List.of(Map.of("target", "transcript", "pattern", "\\d+ ms", "replace", "N ms"))));
        PolicyParser.Parsed parsed = PolicyParser.parse(ptybox);
        assertThat(parsed.violations()).isEmpty();
        Policy p = PolicyValidator.check(parsed.policy(), null).orThrow();
        assertThat(p.fs().workingDir()).isEqualTo(work);
        assertThat(p.replay().normalizationRules()).singleElement().extracting(Policy.NormalizationRule::replace)
                .isEqualTo("N ms");
        // and what we write reads back the same
        assertThat(PolicyParser.parse(PolicyWriter.toMap(p)).policy()).isEqualTo(p);
    }

    @Test
    void pathsAreNormalizedAndTraversalCannotReachABroadRoot() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("work"));
        Policy p = Policy.defaults().withFs(new Policy.Fs(List.of(Path.of(work + "/./sub/../")),
                List.of(Path.of(work + "/../../../../../..")), null), true);
        PolicyValidator.Checked c = PolicyValidator.check(p, null);
        assertThat(c.policy().fs().allowedRead()).containsExactly(work);
        assertThat(kindOf(c.violations(), "fs.allowed_write[0]")).isEqualTo(Violation.Kind.BROAD_ROOT);
    }

    @Test
    void symlinkedRootsAreRefused() throws Exception {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Path.of("/etc"));
        Path inner = Files.createSymbolicLink(tmp.resolve("inner"), real);
        Policy p = Policy.defaults().withFs(new Policy.Fs(List.of(link, inner, real), List.of(), null), false);
        List<Violation> vs = PolicyValidator.check(p, null).violations();
        assertThat(fields(vs)).containsExactly("fs.allowed_read[0]", "fs.allowed_read[1]");
        assertThat(vs).allMatch(v -> v.kind() == Violation.Kind.SYMLINK_ESCAPE);
    }

    @Test
    void missingPathsAreReportedBeforeBwrapWouldFailOnThem() {
        Policy p = Policy.defaults().withFs(new Policy.Fs(List.of(tmp.resolve("absent")), List.of(), null), false);
        assertThat(PolicyValidator.check(p, null).violations()).singleElement()
                .satisfies(v -> assertThat(v.message()).contains("does not exist"));
    }

    @Test
    void homeAndItsAncestorsAreBroadRoots() {
        for (String p : List.of("/home/alice", "/home", "/", "/usr", "/etc", "/tmp", "/proc/self")) {
            Policy policy = Policy.defaults().withFs(new Policy.Fs(List.of(Path.of(p)), List.of(), null), false);
            assertThat(PolicyValidator.check(policy, Path.of("/home/alice")).violations()).as(p)
                    .extracting(Violation::kind).containsExactly(Violation.Kind.BROAD_ROOT);
        }
    }

    @Test
    void writesNeedTheirAcknowledgementAndArtifactsMustBeWritable() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Policy p = Policy.defaults().withFs(new Policy.Fs(List.of(), List.of(work), null), false)
                .withArtifacts(new Policy.Artifacts(true, tmp.resolve("elsewhere"), false));
        List<Violation> vs = PolicyValidator.check(p, null).violations();
        assertThat(kindOf(vs, "fs_write_unsafe_ack")).isEqualTo(Violation.Kind.ACK_REQUIRED);
        assertThat(kindOf(vs, "artifacts.dir")).isEqualTo(Violation.Kind.OUTSIDE_ALLOWLIST);
    }

    @Test
    void launchChecksProgramShellAndDirectory() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Policy p = PolicyValidator.check(Policy.defaults()
                .withFs(new Policy.Fs(List.of(work), List.of(), null), false)
                .withExec(new Policy.Exec(List.of(Path.of("/usr/bin/cat")), false)), null).orThrow();
        PolicyValidator.Launch l = PolicyValidator.checkLaunch(p, List.of("cat", "-v"), work);
        assertThat(l.argv()).containsExactly("/usr/bin/cat", "-v");
        assertThatThrownBy(() -> PolicyValidator.checkLaunch(p, List.of("/usr/bin/id"), work))
                .isInstanceOfSatisfying(PolicyDeniedException.class, e -> assertThat(e.violations())
                        .extracting(Violation::kind).containsExactly(Violation.Kind.EXEC_NOT_ALLOWED));
        assertThatThrownBy(() -> PolicyValidator.checkLaunch(p, List.of("/usr/bin/id"), Path.of("/var")))
                .isInstanceOfSatisfying(PolicyDeniedException.class, e -> assertThat(e.violations())
                        .extracting(Violation::kind).containsExactly(Violation.Kind.EXEC_NOT_ALLOWED,
                                Violation.Kind.OUTSIDE_ALLOWLIST));
        Policy shell = PolicyValidator.check(p.withExec(new Policy.Exec(List.of(Path.of("/bin/sh")), true)), null)
                .orThrow();
        assertThat(PolicyValidator.isShell(Path.of("/bin/sh"))).isTrue();
        assertThat(PolicyValidator.checkLaunch(shell, List.of("sh"), work).executable())
                .isEqualTo(Path.of("/bin/sh"));
    }

    @Test
    void overridesWidenButDoNotAcknowledgeByThemselves() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        PolicyOverrides o = new PolicyOverrides(Policy.SandboxMode.NONE, false, Policy.NetworkMode.ENABLED, false,
                List.of(), List.of(work), false, List.of(Path.of("/usr/bin/cat")), false, List.of("LANG"),
                Map.of("LANG", "C"), null, null);
        List<Violation> vs = PolicyValidator.check(o.applyTo(Policy.defaults()), null).violations();
        assertThat(vs).extracting(Violation::field).contains("sandbox_unsafe_ack", "network_unsafe_ack",
                "fs_write_unsafe_ack");
        PolicyOverrides acked = new PolicyOverrides(null, false, null, false, List.of(), List.of(work), true,
                List.of(), false, List.of(), Map.of(), null, null);
        Policy p = PolicyValidator.check(acked.applyTo(Policy.defaults()), null).orThrow();
        assertThat(p.fs().allowedWrite()).containsExactly(work);
        assertThat(p.sandbox()).isEqualTo(Policy.SandboxMode.BWRAP);
    }

    @Test
    void malformedDocumentsGiveViolationsNotExceptions() {
        assertThat(PolicyParser.parse(List.of()).violations()).extracting(Violation::field).containsExactly("$");
        PolicyParser.Parsed p = PolicyParser.parse(Map.of("policy_version", 2, "sandbox", "seatbelt", "fs", "x",
                "replay", Map.of("normalization_rules", List.of(Map.of("target", "screen", "pattern", "(")))));
        assertThat(p.violations()).extracting(Violation::field).contains("policy_version", "sandbox", "fs",
                "replay.normalization_rules[0].target", "replay.normalization_rules[0].pattern");
    }
}
