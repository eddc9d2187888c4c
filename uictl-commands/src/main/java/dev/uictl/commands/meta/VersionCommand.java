package dev.uictl.commands.meta;

import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;

public final class VersionCommand implements Command {
    public static final String VERSION = "0.1.0";

    @Describe("uictl build and contract versions")
    public record VersionInfo(String name, String version, String contractVersion, int protocolVersion,
                              String buildId, @Describe("daemon or in-process") String mode, long pid,
                              String java, String os, String arch) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("version", Category.META)
            .summary("Print the uictl version, contract version and where the command ran")
            .alias("get version")
            .output(new OutputType("version", VersionInfo.class, "uictl build and contract versions"))
            .example("version", "Show versions as JSON")
            .example("get version --text", "The deskctl spelling, as text")
            .annotations(ToolAnnotations.readOnly().closedWorld())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        RuntimeInfo rt = ctx.service(RuntimeInfo.class);
        return Result.of(new VersionInfo("uictl", VERSION, Envelope.CONTRACT_VERSION, rt.protocolVersion(), rt.buildId(), rt.mode(),
                rt.pid(), Runtime.version().toString(), System.getProperty("os.name"),
                System.getProperty("os.arch")));
    }
}
