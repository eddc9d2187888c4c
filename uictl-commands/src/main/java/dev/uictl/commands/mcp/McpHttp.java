package dev.uictl.commands.mcp;

import dev.uictl.core.call.Cancellation;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.Result;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The `--http` branch of `uictl mcp`: serves until the command ends — the client that started it goes away
 * (Ctrl-C, its connection closes) or its call is cancelled — then stops the server and cancels what runs.
 * Through the client this runs inside the daemon, so remote calls share its warm connections and state.
 */
final class McpHttp {
    private McpHttp() {
    }

    static Result serve(Args args, CommandContext ctx, StreamableHttp.Sessions sessions) {
        McpHttpServer.Settings settings = settings(args, ctx);
        BearerToken token = BearerToken.load(BearerToken.file(ctx.env()));
        CountDownLatch stop = new CountDownLatch(1);
        if (ctx.cancellation() != Cancellation.NEVER) {
            ctx.cancellation().onCancel(stop::countDown);
        }
        ctx.onDisconnect(stop::countDown);
        try (McpHttpServer server = McpHttpServer.start(settings, token, sessions, ctx::call)) {
            ctx.stderr().println("uictl mcp: serving MCP at " + server.uri() + " and envelopes at "
                    + server.uri().resolve("/v1/call") + " (bearer token: `uictl mcp token`)");
            ctx.stderr().flush();
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Result.streamedOutput();
    }

    private static McpHttpServer.Settings settings(Args args, CommandContext ctx) {
        String address = args.string("http");
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : address.substring(0, colon);
        host = host.isEmpty() ? "127.0.0.1" : host.startsWith("[") && host.endsWith("]")
                ? host.substring(1, host.length() - 1) : host;
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "--http takes HOST:PORT, not '" + address + "'")
                    .withHint("Run `uictl mcp --http 127.0.0.1:8765`.")
                    .withDetail("http", address);
        }
        if (args.has("tls-cert") != args.has("tls-key")) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "--tls-cert and --tls-key go together")
                    .withHint("Run `uictl mcp --http HOST:PORT --tls-cert cert.pem --tls-key key.pem`.");
        }
        TlsFiles tls = args.has("tls-cert") ? TlsFiles.load(path(ctx, args.string("tls-cert")),
                path(ctx, args.string("tls-key"))) : null;
        boolean jwt = args.has("jwks") || args.has("jwt-issuer") || args.has("jwt-audience");
        if (jwt && !(args.has("jwks") && args.has("jwt-issuer") && args.has("jwt-audience"))) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "--jwks, --jwt-issuer and --jwt-audience go together")
                    .withHint("Run `uictl mcp --http HOST:PORT --jwks jwks.json --jwt-issuer https://issuer.example "
                            + "--jwt-audience https://this-server.example/mcp`.");
        }
        return new McpHttpServer.Settings(host, port, tls, args.flag("tls-proxy"), list(args, "allow-host"),
                list(args, "allow-origin"), jwt ? JwtVerifier.load(path(ctx, args.string("jwks")),
                args.string("jwt-issuer"), args.string("jwt-audience")) : null);
    }

    private static Path path(CommandContext ctx, String value) {
        return ctx.cwd().resolve(value);
    }

    private static List<String> list(Args args, String name) {
        return args.has(name) ? args.list(name) : List.of();
    }
}
