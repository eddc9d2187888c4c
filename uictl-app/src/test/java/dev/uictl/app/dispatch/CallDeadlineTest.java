package dev.uictl.app.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.app.UictlRun;
import dev.uictl.commands.Commands;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.json.Json;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.schema.Describe;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The dispatcher hands a command's --timeout to the services as the call's deadline, on every surface. */
class CallDeadlineTest {
    private final Dispatcher dispatcher = new Dispatcher(new CommandRegistry(withProbe()),
            UictlRun.app().services());
    private final Invocation parent = new Invocation(List.of(), Path.of("."), Map.of(),
            new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), new PrintStream(
            new ByteArrayOutputStream()), false, r -> { });

    @Test
    void aCommandLinesTimeoutIsTheCallsDeadlinePlusGrace() {
        long remaining = remainingOf(dispatcher.invoke(List.of("test-deadline", "--timeout", "3000"), parent));
        assertThat(remaining).isBetween(3000 + CallDeadline.GRACE_MS - 2_000, 3000 + CallDeadline.GRACE_MS);
    }

    @Test
    void theDefaultTimeoutBoundsTheCallWhenNoneIsGiven() {
        long remaining = remainingOf(dispatcher.invoke(List.of("test-deadline"), parent));
        assertThat(remaining).isBetween(1000 + CallDeadline.GRACE_MS - 2_000, 1000 + CallDeadline.GRACE_MS);
    }

    @Test
    void aStructuredCallCarriesTheSameDeadline() {
        Envelope e = dispatcher.call(CallRequest.of("test-deadline", Json.object().put("timeout", 20_000)), parent);
        assertThat(remainingOf(e)).isBetween(20_000 + CallDeadline.GRACE_MS - 2_000,
                20_000 + CallDeadline.GRACE_MS);
    }

    @Test
    void aCommandWithoutATimeoutHasNoDeadline() {
        CommandSpec version = dispatcher.registry().find("version").orElseThrow().spec();
        assertThat(CallDeadline.of(version, new Args(Map.of())).isNone()).isTrue();
    }

    private static long remainingOf(Envelope e) {
        assertThat(e.success()).as(e.toString()).isTrue();
        return ((Seen) e.data()).remainingMs();
    }

    private static List<Command> withProbe() {
        List<Command> all = new ArrayList<>(Commands.all());
        all.add(new Probe());
        return all;
    }

    /** Reports how much of its call's deadline is left when it runs. */
    static final class Probe implements Command {
        private static final CommandSpec SPEC = CommandSpec.builder("test-deadline", Category.META)
                .summary("reports its deadline")
                .param(ParamSpec.option("timeout", ParamType.INTEGER, "ms").defaultsTo("1000").between(0, 60_000))
                .output(new OutputType("test-deadline", Seen.class, "the deadline seen"))
                .example("test-deadline --timeout 10", "probe")
                .annotations(ToolAnnotations.readOnly())
                .build();

        @Override
        public CommandSpec spec() {
            return SPEC;
        }

        @Override
        public Result run(Args args, CommandContext ctx) {
            return Result.of(new Seen(ctx.deadline().isNone() ? -1 : ctx.deadline().remainingMillis()));
        }
    }

    @Describe("the deadline seen")
    record Seen(long remainingMs) {
    }
}
