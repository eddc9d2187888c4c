package dev.uictl.commands.daemon;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.json.Json;
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
import dev.uictl.core.schema.Describe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

public final class BatchCommand implements Command {
    /** The same bound as one line of serve, where the same array can be sent. */
    static final int MAX_INPUT_BYTES = ServeCommand.MAX_LINE_BYTES;
    /** Every result is held until the batch ends, so the count is bounded too. */
    static final int MAX_ITEMS = 1000;
    /** And so is what the held results come to (as JSON): past it, no further item runs. */
    static final long MAX_OUTPUT_BYTES = 32L << 20;

    @Describe("Envelopes of the batch's commands, in order")
    public record BatchResult(List<Envelope> results, int total, int succeeded, int failed, boolean stoppedEarly) {
    }

    static final CommandSpec SPEC = CommandSpec.builder("batch", Category.DAEMON)
            .summary("Run a JSON array of commands through the same dispatcher and collect their envelopes")
            .description("Items are argv arrays ([\"version\"]) or objects ({\"command\":\"x\",\"args\":{}}). "
                    + "Without COMMANDS the array is read from stdin. When every item succeeds the batch succeeds; "
                    + "when any item fails the batch fails with the first failed item's error code and exit code, "
                    + "and error.details holds the same fields as a successful result (every item's envelope in "
                    + "results, total, succeeded, failed, stopped_early) plus first_failed (the item's index). "
                    + "Inside serve, batch or an MCP call (the batch tool) the array must be given as COMMANDS: "
                    + "there stdin belongs to the session. At most " + MAX_ITEMS + " items and " + MAX_INPUT_BYTES
                    + " bytes of JSON (INVALID_ARGS beyond, nothing run); once the answers pass "
                    + (MAX_OUTPUT_BYTES >> 20) + " MiB no further item runs and the batch fails with INVALID_ARGS, "
                    + "carrying the envelopes of the items that ran.")
            .param(ParamSpec.positional("commands", ParamType.STRING, "The JSON array").asOptional())
            .param(ParamSpec.flag("stop-on-error", "Stop at the first failed command"))
            .readsStdin()
            .errors(ErrorCode.PROTOCOL_ERROR)
            .output(new OutputType("batch", BatchResult.class, "Envelopes of a batch"))
            .example("batch '[[\"version\"],[\"tools\"]]'", "Two commands in one round trip")
            .example("batch --stop-on-error < plan.json", "Read the array from stdin, stop at the first failure")
            .annotations(ToolAnnotations.destructive())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        JsonNode items = parse(args.has("commands") ? args.string("commands") : readStdin(ctx));
        if (items.size() > MAX_ITEMS) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "the batch has " + items.size() + " items; at most "
                    + MAX_ITEMS + " run in one batch").withDetail("max_items", MAX_ITEMS)
                    .withHint("Split it into batches of at most " + MAX_ITEMS + " items.");
        }
        boolean stopOnError = args.flag("stop-on-error");
        List<Envelope> results = new ArrayList<>();
        int failed = 0;
        boolean stopped = false;
        long outputBytes = 0;
        boolean overBudget = false;
        for (int i = 0; i < items.size(); i++) {
            if (outputBytes > MAX_OUTPUT_BYTES) {
                overBudget = true;
                stopped = true;
                break;
            }
            JsonNode item = items.get(i);
            Envelope e;
            try {
                JsonNode request = item.isArray() ? Json.object().set("argv", item) : item;
                e = request.isObject() ? RequestLine.run(request, ctx)
                        : Envelope.failure("batch", UictlException.of(ErrorCode.PROTOCOL_ERROR,
                        "item " + i + " is neither an argv array nor an object"));
            } catch (UictlException ex) {
                e = Envelope.failure("batch", ex);
            }
            results.add(e);
            outputBytes += jsonBytes(e);
            if (!e.success()) {
                failed++;
                if (stopOnError) {
                    stopped = i < items.size() - 1;
                    break;
                }
            }
        }
        BatchResult result = new BatchResult(results, items.size(), results.size() - failed, failed, stopped);
        if (overBudget) {
            throw withResults(UictlException.of(ErrorCode.INVALID_ARGS, "the answers of the first " + results.size()
                    + " batch items came to " + outputBytes + " bytes, more than " + MAX_OUTPUT_BYTES + "; the other "
                    + (items.size() - results.size()) + " items were not run")
                    .withHint("Split the batch, or ask each item for less (--terse, --limit).")
                    .withDetail("max_output_bytes", MAX_OUTPUT_BYTES), result);
        }
        if (failed > 0) {
            throw failure(result);
        }
        return Result.of(result, AgentHints.summary("all " + results.size() + " succeeded"));
    }

    /** A batch with failed items fails like its first failed item, carrying every item's envelope. */
    private static UictlException failure(BatchResult result) {
        int first = 0;
        while (result.results().get(first).success()) {
            first++;
        }
        Envelope firstFailed = result.results().get(first);
        return withResults(UictlException.of(firstFailed.error().errorCode(), result.failed() + " of " + result.total()
                        + " batch items failed; the first, item " + first + " ('" + firstFailed.command() + "'): "
                        + firstFailed.error().message())
                .withHint(firstFailed.error().hint()), result).withDetail("first_failed", first);
    }

    /** The fields of a successful result, in a failure's details. */
    private static UictlException withResults(UictlException e, BatchResult result) {
        return e.withDetail("results", result.results()).withDetail("total", result.total())
                .withDetail("succeeded", result.succeeded()).withDetail("failed", result.failed())
                .withDetail("stopped_early", result.stoppedEarly());
    }

    /** The size of an envelope as JSON, counted without keeping the text. */
    private static long jsonBytes(Envelope e) {
        long[] count = new long[1];
        Json.mapper().writeValue(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                count[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                count[0] += len;
            }
        }, e);
        return count[0];
    }

    private static String readStdin(CommandContext ctx) {
        try {
            byte[] input = ctx.stdin().readNBytes(MAX_INPUT_BYTES + 1);
            if (input.length > MAX_INPUT_BYTES) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "the batch input is larger than " + MAX_INPUT_BYTES
                        + " bytes").withDetail("max_bytes", MAX_INPUT_BYTES)
                        .withHint("Split it into smaller batches.");
            }
            return new String(input, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode parse(String text) {
        try {
            JsonNode node = Json.parse(text);
            if (node == null || !node.isArray()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "batch input must be a JSON array of commands"
                                + (text.isBlank() ? " (none was given; nested in serve, batch or MCP, pass it as "
                                + "COMMANDS)" : ""))
                        .withHint("uictl batch '[[\"version\"],[\"tools\"]]'");
            }
            return node;
        } catch (JacksonException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "batch input is not JSON: " + e.getOriginalMessage())
                    .withHint("uictl batch '[[\"version\"],[\"tools\"]]'");
        }
    }
}
