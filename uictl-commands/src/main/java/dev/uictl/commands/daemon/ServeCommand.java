package dev.uictl.commands.daemon;

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
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

public final class ServeCommand implements Command {
    /** The longest request line kept; a longer one is skipped with PROTOCOL_ERROR and the session goes on. */
    static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

    static final CommandSpec SPEC = CommandSpec.builder("serve", Category.DAEMON)
            .summary("Serve NDJSON requests on stdin, one envelope (with the request id) per line on stdout")
            .description("Each line is {\"id\":ID,\"argv\":[...]} (parsed like a command line) or "
                    + "{\"id\":ID,\"command\":NAME,\"args\":{...}} (a structured call: args named as the "
                    + "command's parameters, typed as its input schema says; optional \"session\"). "
                    + "A malformed line, or one longer than 4 MiB, gets a PROTOCOL_ERROR envelope and the session "
                    + "goes on; EOF ends it. Interactive commands (term attach) and commands that must be their own "
                    + "invocation (serve, mcp, driver, daemon run/stop/restart) are refused with INVALID_ARGS.")
            .param(ParamSpec.flag("stdio", "Use stdin/stdout (the only transport)").asRequired())
            .streaming()
            .readsStdin()
            .standalone()
            .annotations(ToolAnnotations.additive())
            .errors(ErrorCode.PROTOCOL_ERROR)
            .output(new OutputType("envelope-stream", Envelope.class, "One envelope per request line"))
            .example("serve --stdio", "Start an NDJSON session; send {\"id\":1,\"argv\":[\"version\"]}")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        try (InputStream stdin = ctx.stdin()) {
            BoundedLines lines = new BoundedLines(stdin, MAX_LINE_BYTES);
            for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
                switch (line) {
                    case BoundedLines.Line.Text(String text) when text.isBlank() -> {
                    }
                    case BoundedLines.Line.Text(String text) -> ctx.emit(answer(text, ctx));
                    case BoundedLines.Line.TooLong(long bytes) -> ctx.emit(tooLong(bytes));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Result.streamedOutput();
    }

    private static Envelope tooLong(long bytes) {
        return Envelope.failure("serve", UictlException.of(ErrorCode.PROTOCOL_ERROR, "a request line of " + bytes
                        + " bytes exceeds the limit of " + MAX_LINE_BYTES + " bytes; it was skipped")
                .withHint("Split the request into smaller ones.")
                .withDetail("kind", "line_too_long").withDetail("bytes", bytes)
                .withDetail("max_bytes", MAX_LINE_BYTES));
    }

    private static Envelope answer(String line, CommandContext ctx) {
        JsonNode request;
        try {
            request = Json.parse(line);
        } catch (JacksonException e) {
            return Envelope.failure("serve", UictlException.of(ErrorCode.PROTOCOL_ERROR,
                    "line is not JSON: " + e.getOriginalMessage()));
        }
        if (!request.isObject()) {
            return Envelope.failure("serve", UictlException.of(ErrorCode.PROTOCOL_ERROR,
                    "a request must be a JSON object"));
        }
        Object id = request.has("id") ? Json.mapper().convertValue(request.get("id"), Object.class) : null;
        try {
            return RequestLine.run(request, ctx).withId(id);
        } catch (UictlException e) {
            String command = request.has("command") ? request.get("command").asString() : "serve";
            return Envelope.failure(command, e).withId(id);
        }
    }
}
