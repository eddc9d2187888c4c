package dev.uictl.commands.mcp;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The checks every HTTP request passes before anything runs, in this order: the Host header names this server
 * (421 otherwise: a DNS-rebinding page reaches us under its own name), a browser's Origin is one we serve or were
 * told to trust (403), and the bearer token is the static one or a JWT the configured issuer signed for this
 * audience (401). A refusal never says what the token is or was.
 */
final class HttpGuard {
    /** Why a request is refused; null from {@link #check} when it may go on. */
    record Refusal(int status, String message) {
    }

    private final Set<String> hosts;
    private final Set<String> origins;
    private final BearerToken token;
    /** Null when only the static token is accepted. */
    private final JwtVerifier jwt;

    private HttpGuard(Set<String> hosts, Set<String> origins, BearerToken token, JwtVerifier jwt) {
        this.hosts = hosts;
        this.origins = origins;
        this.token = token;
        this.jwt = jwt;
    }

    /**
     * @param bindHost     the address the server listens on
     * @param port         the port it listens on (the real one, after binding port 0)
     * @param extraHosts   further names clients use to reach it (a proxy's, a DNS name); with or without a port
     * @param extraOrigins further browser origins allowed to call it
     */
    static HttpGuard of(String bindHost, int port, boolean tls, List<String> extraHosts, List<String> extraOrigins,
                        BearerToken token, JwtVerifier jwt) {
        Set<String> hosts = new LinkedHashSet<>();
        for (String h : List.of("127.0.0.1", "localhost", "[::1]", bracketed(bindHost))) {
            hosts.add(h + ":" + port);
        }
        extraHosts.forEach(h -> hosts.add(h.toLowerCase(Locale.ROOT)));
        Set<String> origins = new LinkedHashSet<>();
        for (String h : hosts) {
            origins.add((tls ? "https://" : "http://") + h);
        }
        extraOrigins.forEach(o -> origins.add(o.toLowerCase(Locale.ROOT)));
        return new HttpGuard(Set.copyOf(hosts), Set.copyOf(origins), token, jwt);
    }

    Refusal check(String host, String origin, String authorization) {
        if (host == null || !hostAllowed(host.toLowerCase(Locale.ROOT))) {
            return new Refusal(421, "this server does not answer to Host '" + host + "'; allow the name with "
                    + "--allow-host");
        }
        if (origin != null && !origins.contains(origin.toLowerCase(Locale.ROOT))) {
            return new Refusal(403, "Origin '" + origin + "' is not allowed; allow it with --allow-origin");
        }
        String presented = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorization.substring(7).strip() : null;
        if (!token.matches(presented) && (jwt == null || presented == null || !jwt.accepts(presented))) {
            return new Refusal(401, presented == null ? "a bearer token is required (Authorization: Bearer "
                    + "$(uictl mcp token))" : "the bearer token is not valid (see `uictl mcp token`)");
        }
        return null;
    }

    private boolean hostAllowed(String host) {
        if (hosts.contains(host)) {
            return true;
        }
        int colon = host.lastIndexOf(':');
        // An allowed name given without a port allows it on any port (a proxy in front maps ports)
        return colon > host.lastIndexOf(']') && hosts.contains(host.substring(0, colon));
    }

    private static String bracketed(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
    }
}
