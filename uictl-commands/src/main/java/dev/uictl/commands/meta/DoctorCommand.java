package dev.uictl.commands.meta;

import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.system.ToolProbe;
import dev.uictl.engine.system.ToolStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public final class DoctorCommand implements Command {

    @Describe("One health check")
    public record Check(String name, boolean ok, String detail, @Nullable String fix) {
    }

    @Describe("Health of this uictl installation and environment")
    public record DoctorReport(boolean healthy, int passed, int failed, List<Check> checks) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("doctor", Category.META)
            .summary("Run health checks; every failed check carries a runnable fix")
            .output(new OutputType("doctor", DoctorReport.class, "Health of this installation and environment"))
            .example("doctor", "Check Java, the runtime directory, the clients and every backend")
            .example("doctor --text", "The same, one line per check")
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<Check> checks = new ArrayList<>();
        checks.add(javaCheck());
        checks.add(runtimeDirCheck(ctx.service(DaemonControl.class).runtimeDir(ctx.env())));
        checks.add(clientCheck(ctx.env()));
        checks.add(modeCheck(ctx.service(RuntimeInfo.class)));
        for (ToolStatus t : ctx.service(ToolProbe.class).inventory(ctx.env())) {
            String detail = (t.version() == null ? "" : t.version() + "; ") + (t.detail() == null ? "" : t.detail());
            checks.add(new Check(t.name(), t.available(), detail.isEmpty() ? "available" : detail, t.fix()));
        }
        int failed = (int) checks.stream().filter(c -> !c.ok()).count();
        AgentHints hints = AgentHints.summary(failed == 0 ? "all " + checks.size() + " checks passed"
                : failed + " of " + checks.size() + " checks failed");
        if (failed > 0) {
            hints = hints.withSuggestedAction(checks.stream().filter(c -> !c.ok()).findFirst().orElseThrow().fix());
        }
        return Result.of(new DoctorReport(failed == 0, checks.size() - failed, failed, checks), hints);
    }

    private static Check javaCheck() {
        int feature = Runtime.version().feature();
        return new Check("java", feature >= 25, "Java " + Runtime.version(),
                feature >= 25 ? null : "scripts/setup   # selects the Temurin 25 JDK");
    }

    private static Check runtimeDirCheck(Path dir) {
        if (!Files.isDirectory(dir)) {
            return new Check("runtime-dir", true, dir + " will be created 0700 on first daemon start", null);
        }
        try {
            String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(dir));
            boolean ok = perms.equals("rwx------");
            return new Check("runtime-dir", ok, dir + " is " + perms, ok ? null : "chmod 700 " + dir);
        } catch (IOException e) {
            return new Check("runtime-dir", false, dir + ": " + e.getMessage(), "chmod 700 " + dir);
        }
    }

    private static Check clientCheck(Map<String, String> env) {
        String home = env.getOrDefault("UICTL_HOME", System.getProperty("uictl.home", ""));
        if (home.isEmpty()) {
            return new Check("fast-client", false, "UICTL_HOME is not set", "run uictl through bin/uictl");
        }
        Path c = Path.of(home, "build", "uictl-c");
        boolean ok = Files.isExecutable(c);
        return new Check("fast-client", ok, ok ? c + " built" : "C client not built; the Java client is used",
                ok ? null : "scripts/setup   # builds build/uictl-c when cc exists");
    }

    private static Check modeCheck(RuntimeInfo rt) {
        return new Check("execution", true, "running " + rt.mode() + " (pid " + rt.pid() + ")", null);
    }
}
