package dev.uictl.commands.mcp;

import dev.uictl.commands.daemon.DaemonControl;
import dev.uictl.commands.daemon.RuntimeInfo;
import dev.uictl.commands.meta.VersionCommand;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
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
import dev.uictl.core.schema.Nullable;
import dev.uictl.engine.store.PrivateFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * `uictl mcp`: a Model Context Protocol server on stdin/stdout whose tools are the registry's commands. Through
 * the client it runs inside the daemon like any command, so its calls share refs, terminal sessions and the
 * warm X connection with the CLI; with --no-daemon it runs in its own process.
 */
public final class McpCommand implements Command {

    @Describe("One JSON-RPC 2.0 message; stdout of `uictl mcp` carries only these, one per line")
    public record JsonRpcMessage(String jsonrpc, @Nullable Object id, @Nullable String method,
                                 @Nullable Object params, @Nullable Object result, @Nullable Object error) {
    }

    /** Longest accepted message; a tools/call's arguments are small, so this only stops runaway input. */
    static final int MAX_MESSAGE_BYTES = 4 << 20;
    static final int MAX_CALLS_IN_FLIGHT = 16;
    /** How long calls still running at end of input may take to answer before they are cancelled. */
    static final long DRAIN_MILLIS = 30_000;

    static final CommandSpec SPEC = CommandSpec.builder("mcp", Category.DAEMON)
            .summary("Serve the Model Context Protocol on stdin/stdout (or over HTTP with --http): commands as "
                    + "tools, in groups")
            .description("Speaks MCP revisions 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05 over "
                    + "newline-delimited JSON-RPC; with --http, Streamable HTTP with the same revisions and the "
                    + "sessionless 2026-07-28, behind a bearer token (docs/mcp.md). Tools are the commands (words "
                    + "joined by '_': term open → term_open) with input schemas from their parameters and "
                    + "annotations; tools/list answers the --tools selection (by default ~25 tools in under 32 KB), "
                    + "the others run by name or through batch. Results carry the envelope as structuredContent, its "
                    + "text form, and a screenshot's image; one over --max-result-tokens is cut to fit, its whole "
                    + "envelope saved to a private file that is also a resource. The tools of commands that cannot "
                    + "run inside a call (term attach, serve, mcp, driver, daemon run/stop/restart) say so and answer "
                    + "INVALID_ARGS. Runs in the daemon, so refs and terminal sessions are shared with the command "
                    + "line (an HTTP session gets refs of its own). See docs/mcp.md.")
            .param(ParamSpec.option("page-size", ParamType.INTEGER, "tools per tools/list page")
                    .defaultsTo("100").between(1, 1000))
            .param(ParamSpec.option("tools", ParamType.STRING, "the tools tools/list answers: default (the agent "
                    + "loop on desktop, a11y and terminals, ~25 tools), all, groups (" + ToolSelection.groupNames()
                    + ") or tool names, comma-separated; unlisted tools still run by name and through batch")
                    .defaultsTo(ToolSelection.DEFAULT))
            .param(ParamSpec.flag("full", "full tool definitions: long descriptions and output schemas (the "
                    + "envelope with the command's data type); by default one-line descriptions and no output schema, "
                    + "while results still carry the envelope"))
            .param(ParamSpec.flag("lean", "short tool definitions, the default since --full exists; accepted so "
                    + "configurations that name it keep working"))
            .param(ParamSpec.option("max-result-tokens", ParamType.INTEGER, "largest tool result answered as it is, "
                    + "in tokens estimated at 2.5 bytes each (text and structured content); a larger one is cut to "
                    + "fit, with the whole envelope in a private file it names")
                    .defaultsTo("25000").between(1000, 10_000_000))
            .param(ParamSpec.option("http", ParamType.STRING, "serve MCP Streamable HTTP at http://HOST:PORT/mcp "
                    + "(and the envelope API at /v1/call, /v1/events) instead of stdio; port 0 picks a free one; every "
                    + "request needs the bearer token of `uictl mcp token`"))
            .param(ParamSpec.option("tls-cert", ParamType.PATH, "with --http: PEM certificate chain; serve HTTPS"))
            .param(ParamSpec.option("tls-key", ParamType.PATH, "with --http: PEM private key (PKCS#8) of --tls-cert"))
            .param(ParamSpec.flag("tls-proxy", "with --http: allow plain HTTP on a non-loopback address because a "
                    + "TLS-terminating proxy is in front"))
            .param(ParamSpec.option("allow-host", ParamType.STRING_LIST, "with --http: a further Host header value "
                    + "to answer (NAME or NAME:PORT; repeatable); others get 421"))
            .param(ParamSpec.option("allow-origin", ParamType.STRING_LIST, "with --http: a further browser Origin "
                    + "to accept (repeatable); others get 403"))
            .param(ParamSpec.option("jwks", ParamType.PATH, "with --http: also accept bearer JWTs signed by a key of "
                    + "this JSON Web Key Set file (with --jwt-issuer and --jwt-audience)"))
            .param(ParamSpec.option("jwt-issuer", ParamType.STRING, "with --jwks: the iss a JWT must carry"))
            .param(ParamSpec.option("jwt-audience", ParamType.STRING, "with --jwks: the aud a JWT must name (this "
                    + "server)"))
            .errors(ErrorCode.IO_ERROR, ErrorCode.PERMISSION_DENIED)
            .streaming()
            .readsStdin()
            .standalone()
            .annotations(ToolAnnotations.destructive())
            .output(new OutputType("mcp-message", JsonRpcMessage.class, "One JSON-RPC message of an MCP session"))
            .example("mcp", "Serve MCP to an agent host (configure `uictl mcp` as a stdio server)")
            .example("mcp --page-size 20", "Page tools/list 20 tools at a time")
            .example("mcp --tools default,tmux", "List the default tools and the tmux group")
            .example("mcp --tools all --full", "Every tool with long descriptions and output schemas")
            .example("mcp --max-result-tokens 10000", "Cut results over about 10,000 tokens (to a host with a "
                    + "smaller cap)")
            .example("mcp --http 127.0.0.1:8765", "Serve MCP over HTTP on loopback (token: `uictl mcp token`)")
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        long pageSize = args.integer("page-size");
        if (args.flag("full") && args.flag("lean")) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--full and --lean contradict each other")
                    .withHint("Give one: `uictl mcp --full` or `uictl mcp`.");
        }
        CommandRegistry registry = ctx.service(CommandRegistry.class);
        ToolCatalog catalog = ToolCatalog.of(registry, ToolSelection.parse(args.string("tools"), registry),
                args.flag("full"));
        if (args.has("http")) {
            // Over HTTP every message comes with a Responder of its own: nothing is written as a line. Each session
            // keeps the results it saved to itself (resources/read answers only those)
            return McpHttp.serve(args, ctx, namespace -> new McpSession(catalog, calls(ctx, namespace),
                    message -> { }, (int) pageSize, MAX_CALLS_IN_FLIGHT, version(ctx), resultCap(args, ctx)));
        }
        OutputStream stdout = ctx.stdout();
        McpSession session = new McpSession(catalog, calls(ctx, null), message -> write(stdout, message),
                (int) pageSize, MAX_CALLS_IN_FLIGHT, version(ctx), resultCap(args, ctx));
        if (ctx.cancellation() != Cancellation.NEVER) {
            ctx.cancellation().onCancel(() -> session.cancelAll("the MCP client went away"));
        }
        ctx.onDisconnect(() -> session.cancelAll("the MCP client went away"));
        BoundedLineReader in = new BoundedLineReader(ctx.stdin(), MAX_MESSAGE_BYTES);
        try {
            String line;
            while ((line = in.readLine()) != null) {
                session.handle(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            // End of input ends the session (the host closed our stdin): answer what runs, within a bound
            session.drain(DRAIN_MILLIS);
        }
        return Result.streamedOutput();
    }

    /** Calls through the caller's dispatcher; {@code namespace} null is the caller's refs namespace. */
    private static McpSession.Calls calls(CommandContext ctx, String namespace) {
        return (command, arguments, cancellation, emitted) ->
                ctx.call(new CallRequest(command, arguments, namespace, cancellation, emitted));
    }

    private static ResultCap resultCap(Args args, CommandContext ctx) {
        return new ResultCap(args.integer("max-result-tokens"), new SavedResults(() -> PrivateFiles.newPath(
                ctx.service(DaemonControl.class).runtimeDir(ctx.env()), "mcp-results", "result", "json")));
    }

    private static String version(CommandContext ctx) {
        try {
            return VersionCommand.VERSION + "+" + ctx.service(RuntimeInfo.class).buildId();
        } catch (UictlException e) {
            return VersionCommand.VERSION;
        }
    }

    private static void write(OutputStream stdout, JsonNode message) {
        byte[] line = (Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            synchronized (stdout) {
                stdout.write(line);
                stdout.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the MCP client stopped reading", e);
        }
    }
}
