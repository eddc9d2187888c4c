package dev.uictl.commands.desktop;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.env.DesktopOptions;
import dev.uictl.engine.desktop.env.DesktopRequestFlags;
import dev.uictl.engine.desktop.env.DesktopStore;
import dev.uictl.engine.desktop.env.PrivateDesktops;

public final class DesktopUpCommand implements Command {
    static final OutputType OUTPUT = new OutputType("desktop", DesktopInfo.class,
            "A private headless desktop and the environment to use it");

    static final CommandSpec SPEC = CommandSpec.builder("desktop up", Category.DESKTOP)
            .summary("Start a private headless desktop (Xvfb + openbox + session bus + AT-SPI bus); idempotent")
            .description("Prints the environment to use it; with --text the output is `export` lines for eval. "
                    + "Only holders of the desktop's cookie (XAUTHORITY, a 0600 file in its private directory) may "
                    + "connect, and only its owner may use its buses; uictl finds the cookie of your own desktops "
                    + "from DISPLAY alone. A second call with the same name returns the running desktop. Without "
                    + "--name it is the desktop of $DISPLAY when that is one of ours, else 'default'.")
            .param(ParamSpec.option("name", ParamType.STRING, "Desktop name; several run side by side"))
            .param(ParamSpec.option("display", ParamType.STRING, "X display number to use, e.g. :7 (default: a free one)"))
            .param(ParamSpec.option("size", ParamType.STRING, "Size of each monitor, WxH (default 1920x1080)"))
            .param(ParamSpec.option("monitors", ParamType.INTEGER, "Number of RandR monitors side by side (default 1)")
                    .between(1, 16))
            .param(ParamSpec.flag("no-wm", "Do not start the openbox window manager"))
            .param(ParamSpec.flag("no-a11y", "Do not start the session bus and the AT-SPI accessibility bus"))
            .output(OUTPUT)
            .example("desktop up", "Start (or reuse) the default private desktop")
            .example("desktop up --name second --size 1280x800 --monitors 2", "A second desktop with two monitors")
            .example("desktop up --text", "The environment as export lines: eval \"$(uictl desktop up --text)\"")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.ACTION_FAILED, ErrorCode.TIMEOUT, ErrorCode.IO_ERROR,
                    ErrorCode.PERMISSION_DENIED)
            .annotations(ToolAnnotations.additive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        PrivateDesktops desktops = ctx.service(PrivateDesktops.class);
        DesktopStore store = desktops.store(ctx.env());
        String name = args.has("name") ? DesktopOptions.validName(args.string("name"))
                : desktops.implicitName(store, ctx.env());
        int[] size = args.has("size") ? DesktopOptions.parseSize(args.string("size"))
                : new int[] {DesktopOptions.DEFAULT_WIDTH, DesktopOptions.DEFAULT_HEIGHT};
        Integer display = args.has("display") ? DesktopOptions.parseDisplay(args.string("display")) : null;
        DesktopOptions options = new DesktopOptions(name, display, size[0], size[1],
                (int) args.integerOr("monitors", 1), !args.flag("no-wm"), !args.flag("no-a11y"));
        DesktopRequestFlags given = new DesktopRequestFlags(args.has("display"), args.has("size"),
                args.has("monitors"), args.flag("no-wm"), args.flag("no-a11y"));
        PrivateDesktops.Up up = desktops.up(store, options, given, ctx.env(), ctx.cancellation(),
                ctx.deadline());
        DesktopInfo info = DesktopInfo.of(up.desktop(), up.created());
        return Result.of(info, AgentHints.summary((up.created() ? "started " : "already running: ") + info.name()
                + " on " + info.display()).withSuggestedAction("eval \"$(uictl desktop up --text"
                + (info.name().equals(DesktopOptions.DEFAULT_NAME) ? "" : " --name " + info.name())
                + ")\"   # DISPLAY, XAUTHORITY and the buses"));
    }
}
