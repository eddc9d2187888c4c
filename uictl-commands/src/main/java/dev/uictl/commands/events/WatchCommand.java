package dev.uictl.commands.events;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
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
import dev.uictl.engine.desktop.events.AccessibilityEvents;
import dev.uictl.engine.desktop.events.EventCategory;
import dev.uictl.engine.desktop.events.WatchLine;
import dev.uictl.engine.desktop.events.WatchSummary;

public final class WatchCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("watch", Category.OBSERVE)
            .summary("Stream accessibility events as JSON lines for a bounded duration or count")
            .description("The first line (data.started) is written once the watch is subscribed: act after it. "
                    + "Each event is one line, written as it arrives: an envelope whose data.event is "
                    + "{category, kind, detail, value, role, name, source, at_ms} (category: window, focus, tree, "
                    + "state, property, text). The last line's data.summary says how many events and why it ended. "
                    + "Inside serve and MCP the event lines are the request's intermediate replies (MCP: progress "
                    + "notifications); always bounded by --duration and --count.")
            .param(ParamSpec.option("duration", ParamType.INTEGER, "stop after this many ms").defaultsTo("5000")
                    .between(1, 600_000))
            .param(ParamSpec.option("count", ParamType.INTEGER, "stop after this many events").defaultsTo("1000")
                    .between(1, 100_000))
            .param(ParamSpec.option("events", ParamType.STRING, "only these categories, comma separated: window, "
                    + "focus, tree, state, property (or value), text (default: all)"))
            .streaming()
            .output(new OutputType("watch-line", WatchLine.class,
                    "One line of watch: an event, or the summary that ends the stream"))
            .example("watch --duration 2000", "Every accessibility event for two seconds")
            .example("watch --events state,focus --count 5", "The next five state or focus changes")
            .errors(ErrorCode.DEPENDENCY_MISSING, ErrorCode.PLATFORM_NOT_SUPPORTED)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        var categories = EventCategory.parse(args.stringOr("events", null));
        WatchSummary s = ctx.service(AccessibilityEvents.class).watch(ctx, args.integerOr("duration", 5000),
                Math.toIntExact(args.integerOr("count", 1000)), categories,
                start -> ctx.emit(Envelope.success(SPEC.name(), WatchLine.of(start), null)),
                e -> ctx.emit(Envelope.success(SPEC.name(), WatchLine.of(e), null)));
        return Result.of(WatchLine.of(s), AgentHints.summary(s.events() + " events, ended by " + s.ended()));
    }
}
