package dev.uictl.commands.mcp;

import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CallRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.server.ConnectionLimit;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.Scheduler;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

/**
 * `uictl mcp --http`: MCP's Streamable HTTP transport at /mcp and the envelope API at /v1, on Jetty's core server
 * (no servlets) running every request on a virtual thread. Jetty was chosen over the JDK's HttpServer for what a
 * server facing other machines needs per connection — minimum request data rate, idle timeout, header size and
 * connection limits, TLS — where the JDK's timeouts are process-wide system properties that would also cut the
 * long SSE streams of a wait.
 */
final class McpHttpServer implements AutoCloseable {
    /** What `mcp --http` was asked to serve. */
    record Settings(String host, int port, TlsFiles tls, boolean tlsProxy, List<String> allowHosts,
                    List<String> allowOrigins, JwtVerifier jwt) {
    }

    static final int MAX_BODY = McpCommand.MAX_MESSAGE_BYTES;
    /** A connection that has not sent a whole request head by then is closed (slowloris). */
    static final long HEADER_TIMEOUT_MS = 10_000;
    /** Quiet connections close; event streams send keepalives more often than this. */
    static final long IDLE_TIMEOUT_MS = 30_000;
    /** A request body slower than this (bytes per second, after the header timeout's grace) is cut off. */
    static final long MIN_REQUEST_DATA_RATE = 1024;
    static final int MAX_CONNECTIONS = 256;
    /** Requests one client address may have running at once (MCP sessions also cap their own calls). */
    static final int MAX_REQUESTS_PER_CLIENT = 64;

    private final Server server;
    private final ServerConnector connector;
    private final StreamableHttp mcp;
    private final EnvelopeHttp envelopes;
    private final URI uri;

    private McpHttpServer(Server server, ServerConnector connector, StreamableHttp mcp, EnvelopeHttp envelopes,
                          URI uri) {
        this.server = server;
        this.connector = connector;
        this.mcp = mcp;
        this.envelopes = envelopes;
        this.uri = uri;
    }

    static McpHttpServer start(Settings settings, BearerToken token, StreamableHttp.Sessions sessions,
                               Function<CallRequest, Envelope> calls) {
        requireSafeBinding(settings);
        VirtualThreadPool threads = new VirtualThreadPool();
        threads.setName("uictl-http");
        threads.setMaxThreads(4 * MAX_CONNECTIONS);
        Server server = new Server(threads);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendDateHeader(false);
        config.setRequestHeaderSize(16 * 1024);
        config.setMinRequestDataRate(MIN_REQUEST_DATA_RATE);
        config.setIdleTimeout(IDLE_TIMEOUT_MS);
        HttpConnectionFactory http = new HttpConnectionFactory(config);
        ServerConnector connector;
        if (settings.tls() != null) {
            config.addCustomizer(new SecureRequestCustomizer(false));
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setKeyStore(settings.tls().keyStore());
            ssl.setKeyStorePassword(TlsFiles.PASSWORD);
            connector = new ServerConnector(server, new SslConnectionFactory(ssl, http.getProtocol()), http);
        } else {
            connector = new ServerConnector(server, http);
        }
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setIdleTimeout(IDLE_TIMEOUT_MS);
        server.addConnector(connector);
        server.addBean(new ConnectionLimit(MAX_CONNECTIONS, server));
        HeaderDeadline deadline = new HeaderDeadline(connector);
        connector.addBean(deadline);
        StreamableHttp mcp = new StreamableHttp(sessions);
        EnvelopeHttp envelopes = new EnvelopeHttp(calls);
        Holder holder = new Holder();
        server.setHandler(new Root(holder, deadline, mcp, envelopes, connector.getScheduler()));
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            throw UictlException.of(ErrorCode.IO_ERROR, "cannot listen on " + settings.host() + ":"
                            + settings.port() + ": " + e.getMessage())
                    .withHint("Pick a free port, e.g. `uictl mcp --http 127.0.0.1:0` (any free port).")
                    .withDetail("address", settings.host() + ":" + settings.port());
        }
        int port = connector.getLocalPort();
        holder.guard = HttpGuard.of(settings.host(), port, settings.tls() != null, settings.allowHosts(),
                settings.allowOrigins(), token, settings.jwt());
        String host = settings.host().contains(":") ? "[" + settings.host() + "]" : settings.host();
        URI uri = URI.create((settings.tls() != null ? "https://" : "http://") + host + ":" + port + "/mcp");
        return new McpHttpServer(server, connector, mcp, envelopes, uri);
    }

    /** The MCP endpoint; the envelope API is beside it at /v1. */
    URI uri() {
        return uri;
    }

    @Override
    public void close() {
        mcp.closeAll();
        envelopes.cancelAll();
        stopQuietly(server);
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            System.getLogger("uictl.mcp").log(System.Logger.Level.WARNING, "stopping the HTTP server", e);
        }
    }

    /**
     * Plain HTTP only on loopback: anywhere else the bearer token would cross the network in clear, so another
     * address needs a certificate and key, or --tls-proxy saying a TLS-terminating proxy is in front.
     */
    private static void requireSafeBinding(Settings s) {
        if (s.tls() != null || s.tlsProxy()) {
            return;
        }
        boolean loopback;
        try {
            InetAddress[] all = InetAddress.getAllByName(s.host());
            loopback = all.length > 0 && java.util.Arrays.stream(all).allMatch(InetAddress::isLoopbackAddress);
        } catch (UnknownHostException e) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "unknown host '" + s.host() + "'")
                    .withHint("Use an address, e.g. `uictl mcp --http 127.0.0.1:8765`.");
        }
        if (!loopback) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "serving on " + s.host()
                            + " (not loopback) needs TLS: the bearer token must not cross the network in clear")
                    .withHint("Run `uictl mcp --http " + s.host() + ":" + s.port() + " --tls-cert cert.pem "
                            + "--tls-key key.pem`, or add --tls-proxy when a TLS proxy terminates in front.")
                    .withDetail("host", s.host());
        }
    }

    /** The guard is known once the port is (port 0 binds any free one). */
    private static final class Holder {
        volatile HttpGuard guard;
    }

    private static final class Root extends Handler.Abstract {
        private final Holder holder;
        private final HeaderDeadline deadline;
        private final StreamableHttp mcp;
        private final EnvelopeHttp envelopes;
        private final Map<String, Semaphore> perClient = new ConcurrentHashMap<>();
        private final Scheduler scheduler;

        Root(Holder holder, HeaderDeadline deadline, StreamableHttp mcp, EnvelopeHttp envelopes,
             Scheduler scheduler) {
            this.holder = holder;
            this.scheduler = scheduler;
            this.deadline = deadline;
            this.mcp = mcp;
            this.envelopes = envelopes;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            deadline.headerArrived(request.getConnectionMetaData().getConnection());
            String path = request.getHttpURI().getPath();
            HttpGuard.Refusal refusal = holder.guard.check(request.getHeaders().get(HttpHeader.HOST),
                    request.getHeaders().get(HttpHeader.ORIGIN), request.getHeaders().get(HttpHeader.AUTHORIZATION));
            if (refusal != null) {
                if (refusal.status() == 401) {
                    response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"uictl\"");
                }
                HttpReplies.rpcError(response, refusal.status(), JsonRpc.INVALID_REQUEST, refusal.message(),
                        callback);
                return true;
            }
            Semaphore slots = perClient.computeIfAbsent(client(request), k -> new Semaphore(MAX_REQUESTS_PER_CLIENT));
            if (!slots.tryAcquire()) {
                HttpReplies.rpcError(response, 429, JsonRpc.SERVER_BUSY, MAX_REQUESTS_PER_CLIENT
                        + " requests of this client are already running", callback);
                return true;
            }
            try {
                route(path, request, response, callback);
            } catch (IOException e) {
                callback.failed(e); // the client went away or was too slow (minimum data rate)
            } catch (RuntimeException e) {
                // A bug: logged here, answered without its text (Jetty's error page would show it to the client)
                System.getLogger("uictl.mcp").log(System.Logger.Level.ERROR, "HTTP request failed", e);
                if (response.isCommitted()) {
                    callback.failed(e);
                } else {
                    HttpReplies.rpcError(response, 500, JsonRpc.INTERNAL_ERROR, "internal error; see the daemon log",
                            callback);
                }
            } finally {
                slots.release();
            }
            return true;
        }

        private void route(String path, Request request, Response response, Callback callback) throws Exception {
            switch (path) {
                case "/mcp" -> {
                    byte[] body = request.getMethod().equals("POST") ? body(request, response, callback) : null;
                    if (body != null || !request.getMethod().equals("POST")) {
                        mcp.handle(request, response, callback, body);
                    }
                }
                case "/v1/call" -> {
                    byte[] body = request.getMethod().equals("POST") ? body(request, response, callback)
                            : new byte[0];
                    if (body != null) {
                        envelopes.call(request, response, callback, body);
                    }
                }
                case "/v1/events" -> envelopes.events(request, response, callback);
                default -> HttpReplies.rpcError(response, 404, JsonRpc.INVALID_REQUEST, "no such endpoint: "
                        + "/mcp (MCP), /v1/call and /v1/events (envelopes)", callback);
            }
        }

        /**
         * The whole body, or null after answering 413 when it is over the limit. A body slower than
         * {@link #MIN_REQUEST_DATA_RATE} after a grace of {@link #HEADER_TIMEOUT_MS} is cut off by closing the
         * connection: the blocked read then fails.
         */
        private byte[] body(Request request, Response response, Callback callback) throws IOException {
            long declared = request.getLength();
            if (declared > MAX_BODY) {
                tooLarge(response, callback);
                return null;
            }
            long allowed = HEADER_TIMEOUT_MS + 1000 * Math.max(declared, 0) / MIN_REQUEST_DATA_RATE;
            Connection connection = request.getConnectionMetaData().getConnection();
            Scheduler.Task cut = scheduler.schedule(connection::close, allowed, TimeUnit.MILLISECONDS);
            try (InputStream in = Request.asInputStream(request)) {
                byte[] body = in.readNBytes(MAX_BODY + 1);
                if (body.length > MAX_BODY) {
                    tooLarge(response, callback);
                    return null;
                }
                return body;
            } finally {
                cut.cancel();
            }
        }

        private static void tooLarge(Response response, Callback callback) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            HttpReplies.rpcError(response, 413, JsonRpc.INVALID_REQUEST, "a message may be at most " + MAX_BODY
                    + " bytes", callback);
        }

        private static String client(Request request) {
            return request.getConnectionMetaData().getRemoteSocketAddress() instanceof InetSocketAddress a
                    ? a.getAddress().getHostAddress() : "?";
        }
    }

    /**
     * Closes connections that have not delivered a request head within {@link #HEADER_TIMEOUT_MS}: the idle timeout
     * alone lets a client keep a connection forever by sending a byte now and then.
     */
    private static final class HeaderDeadline implements Connection.Listener {
        private final ServerConnector connector;
        private final Set<Connection> served = ConcurrentHashMap.newKeySet();

        HeaderDeadline(ServerConnector connector) {
            this.connector = connector;
        }

        @Override
        public void onOpened(Connection connection) {
            if (connection instanceof SslConnection) {
                return; // the HTTP connection inside it gets the deadline once the handshake is done
            }
            connector.getScheduler().schedule(() -> {
                if (!served.contains(connection)) {
                    connection.close();
                }
            }, HEADER_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }

        @Override
        public void onClosed(Connection connection) {
            served.remove(connection);
        }

        void headerArrived(Connection connection) {
            served.add(connection);
        }
    }
}
