package dev.uictl.commands.scenario;

import dev.uictl.commands.ProgramWords;
import dev.uictl.commands.daemon.BoundedLines;
import dev.uictl.commands.policy.PolicyParams;
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
import dev.uictl.engine.scenario.artifacts.RunResult;
import dev.uictl.engine.scenario.model.Scenario;
import dev.uictl.engine.scenario.replay.Normalization;
import dev.uictl.engine.scenario.run.DriverSession;
import dev.uictl.sandbox.Policy;
import dev.uictl.engine.scenario.run.ScenarioRunner;
import dev.uictl.engine.terminal.ScreenView;
import java.io.IOException;
import java.nio.file.Path;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * `driver --stdio -- CMD`: drive one program over NDJSON. The first line out is the handshake; each request line
 * gets one response line in order, echoing its request_id; a bad line gets an error response and the session goes
 * on; EOF, a terminate action or an exhausted budget ends it with a last "end" line carrying the RunResult.
 */
public final class DriverCommand implements Command {
    static final int MAX_LINE_BYTES = 4 << 20;

    static final CommandSpec SPEC = PolicyParams.addTo(CommandSpec.builder("driver", Category.SCRIPTED)
            .summary("Drive one program over NDJSON on stdin/stdout: handshake, then one response per request")
            .description("protocol_version 2 (ptybox-compatible). Request: {\"protocol_version\":2, \"request_id\":\"r1\", "
                    + "\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"hi\"}}, \"timeout_ms\":5000, \"assert\":[…], "
                    + "\"retries\":0, \"cells\":false} with the actions, wait conditions and assertions of scenarios. "
                    + "Response: "
                    + "{\"type\":\"response\", request_id echoed, status ok|error, observation{screen, transcript_delta, "
                    + "exit}, assertions, error{code,message,hint,details,session_ended}, action_metrics{sequence, "
                    + "duration_ms, attempts}, budget_status}. The screen is compact: its text, cursor and the rows "
                    + "changed since the previous message; its cells only with \"cells\":true or --cells, which also give the whole transcript_delta (else its last " + DriverProtocol.DELTA_KEPT + " characters and transcript_omitted). A malformed or failing request is answered with an "
                    + "error and the session continues; only budgets, terminate and EOF end it (a final "
                    + "{\"type\":\"end\", run_result} line). With --artifacts the session is recorded as a scenario "
                    + "and can be replayed. `uictl protocol-help` and `uictl schema driver-message` describe it.")
            .param(ParamSpec.flag("stdio", "Use stdin/stdout (the only transport)").asRequired())
            .param(RunArgs.SIZE)
            .param(RunArgs.CWD)
            .param(RunArgs.ARTIFACTS)
            .param(RunArgs.OVERWRITE)
            .param(ParamSpec.flag("cells", "Every screen with its cells (the per-cell form ptybox clients read) and "
                    + "the whole transcript_delta, not only for requests with \"cells\":true"))
            .param(ParamSpec.positional("command", ParamType.STRING_LIST, "The program and its arguments, after --"))
            .streaming()
            .readsStdin()
            .standalone()
            .annotations(ToolAnnotations.destructive()))
            // PROTOCOL_ERROR and TIMEOUT: codes of responses (a line that is not a request, a wait that ran out)
            .errors(ErrorCode.PROTOCOL_ERROR, ErrorCode.TIMEOUT, ErrorCode.APP_NOT_FOUND, ErrorCode.PERMISSION_DENIED,
                    ErrorCode.POLICY_DENIED, ErrorCode.SANDBOX_UNAVAILABLE, ErrorCode.IO_ERROR)
            .output(new OutputType("driver-message", DriverProtocol.AnyMessage.class,
                    "One line of a driver session: handshake, response or end"))
            .example("driver --stdio --size 30x100 --allow-exec /usr/bin/bash --allow-shell --allow-read /usr/share/doc "
                    + "--cwd /usr/share/doc -- bash --norc",
                    "Drive bash (only bash may run: its builtins list the directory); send {\"protocol_version\":2,"
                            + "\"request_id\":\"r1\",\"action\":{\"type\":\"text\",\"payload\":{\"text\":\"echo *\\r\"}}}")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        List<String> argv = ProgramWords.of(args, "driver", "uictl driver --stdio -- bash --norc");
        int[] size = RunSize.parse(args.string(RunArgs.SIZE.name()));
        Scenario scenario = new Scenario("driver", null, new Scenario.RunSpec(argv.getFirst(),
                argv.subList(1, argv.size()), null, size[0], size[1], null, null), List.of());
        RunPolicy policy = RunPolicy.resolve(args, ctx, null, null);
        Path cwd = RunArgs.cwd(args, ctx, null);
        cwd = cwd != null ? cwd : policy.policy().fs().workingDir();
        Policy.Budgets budgets = policy.budgets();
        DriverSession session = DriverSession.open(new ScenarioRunner.Setup("driver", scenario, cwd, budgets, policy.json(), Normalization.defaults(),
                policy.artifacts(args, ctx), policy.overwrite(args), line -> { }), policy.launcher(ctx), ctx);
        OutputStream out = ctx.stdout();
        long started = System.nanoTime();
        boolean allCells = args.flag("cells");
        try {
            write(out, new DriverProtocol.Handshake("handshake", DriverProtocol.VERSION, session.runId(),
                    session.sessionId(), new RunResult.Size(size[0], size[1]), budgets, DriverProtocol.ACTIONS,
                    DriverProtocol.CONDITIONS, DriverProtocol.ASSERTIONS, DriverScreen.of(session.screen(), null,
                            allCells)));
            // the screen of the last message: the base of the next response's changed rows
            AtomicReference<ScreenView> shown = new AtomicReference<>(session.screen());
            long sequence = 0;
            try (InputStream stdin = ctx.stdin()) {
                BoundedLines lines = new BoundedLines(stdin, MAX_LINE_BYTES);
                // ended is checked before reading on: after terminate or a budget, the end line must not wait for
                // the client's next line or its EOF
                while (!session.ended()) {
                    BoundedLines.Line line = lines.next();
                    if (line == null) {
                        break;
                    }
                    if (line instanceof BoundedLines.Line.Text(String text) && text.isBlank()) {
                        continue;
                    }
                    sequence++;
                    write(out, answer(line, sequence, session, started, shown, allCells));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } finally {
            RunResult result = session.close();
            write(out, new DriverProtocol.End("end", DriverProtocol.VERSION, result));
        }
        return Result.streamedOutput();
    }

    /** The response to one line; {@code shown} holds the screen of the last message and is moved on by this one. */
    private static DriverProtocol.Response answer(BoundedLines.Line line, long sequence, DriverSession session,
                                                  long started, AtomicReference<ScreenView> shown, boolean allCells) {
        long t0 = System.nanoTime();
        JsonNode request;
        switch (line) {
            case BoundedLines.Line.TooLong(long bytes) -> {
                return refused(null, sequence, session, t0, UictlException.of(ErrorCode.PROTOCOL_ERROR, "a request "
                        + "line of " + bytes + " bytes exceeds " + MAX_LINE_BYTES + " bytes; it was skipped")
                        .withHint("Send smaller requests (split long text into several text actions)."));
            }
            case BoundedLines.Line.Text(String text) -> {
                try {
                    request = Json.parse(text);
                } catch (JacksonException e) {
                    return refused(null, sequence, session, t0, UictlException.of(ErrorCode.PROTOCOL_ERROR,
                            "the request is not JSON: " + e.getOriginalMessage()).withHint(EXAMPLE));
                }
            }
        }
        JsonNode id = request.get("request_id");
        Object requestId = id == null || id.isNull() ? null : id.isNumber() ? id.numberValue() : id.asString();
        if (!request.isObject() || requestId == null || !request.has("action")) {
            return refused(requestId, sequence, session, t0, UictlException.of(ErrorCode.PROTOCOL_ERROR,
                    "a request is an object with protocol_version, request_id and action").withHint(EXAMPLE));
        }
        JsonNode version = request.get("protocol_version");
        if (version == null || !version.isIntegralNumber() || version.asInt() != DriverProtocol.VERSION) {
            return refused(requestId, sequence, session, t0, UictlException.of(ErrorCode.PROTOCOL_VERSION_MISMATCH,
                            "this driver speaks protocol_version " + DriverProtocol.VERSION + ", the request says "
                                    + (version == null ? "nothing" : version.toString()))
                    .withHint("Send \"protocol_version\":" + DriverProtocol.VERSION + " in every request.")
                    .withDetail("supported_version", DriverProtocol.VERSION)
                    .withDetail("provided_version", version == null ? null : version.toString()));
        }
        ObjectNode step = Json.object();
        step.put("id", String.valueOf(requestId));
        step.set("action", request.get("action"));
        for (String field : List.of("assert", "timeout_ms", "retries", "name")) {
            if (request.has(field)) {
                step.set(field, request.get(field));
            }
        }
        DriverSession.Answer a;
        try {
            a = session.handle(step);
        } catch (UictlException e) {
            return refused(requestId, sequence, session, t0, e);
        }
        DriverProtocol.Error error = a.error() == null ? null : new DriverProtocol.Error(a.error().code(),
                a.error().message(), null, a.error().details(), a.sessionEnded());
        boolean whole = allCells || request.path("cells").asBoolean(false);
        DriverScreen screen = DriverScreen.of(a.screen(), shown.getAndSet(a.screen()), whole);
        return new DriverProtocol.Response("response", DriverProtocol.VERSION, requestId, a.status(),
                DriverProtocol.Observation.of(session.runId(), session.sessionId(),
                        (System.nanoTime() - started) / 1_000_000, screen, a.transcriptDelta(), whole, a.exit()),
                a.assertions(), error, new DriverProtocol.Metrics(sequence, (System.nanoTime() - t0) / 1_000_000,
                a.step() == null ? 0 : a.step().attempts()), a.budget());
    }

    private static final String EXAMPLE = "Send one JSON object per line, e.g. {\"protocol_version\":2,"
            + "\"request_id\":\"r1\",\"action\":{\"type\":\"observe\",\"payload\":{}}}; see `uictl protocol-help`.";

    /** A request that ran nothing: its error, and the session goes on. */
    private static DriverProtocol.Response refused(Object requestId, long sequence, DriverSession session, long t0,
                                                   UictlException e) {
        Object details = e.details().isEmpty() ? null : e.details();
        return new DriverProtocol.Response("response", DriverProtocol.VERSION, requestId, "error", null, List.of(),
                new DriverProtocol.Error(e.code().name(), e.getMessage(), e.hint(), details, false),
                new DriverProtocol.Metrics(sequence, (System.nanoTime() - t0) / 1_000_000, 0), session.budget());
    }

    private static void write(OutputStream stdout, Object message) {
        byte[] line = (Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            synchronized (stdout) {
                stdout.write(line);
                stdout.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the driver's client stopped reading", e);
        }
    }
}
