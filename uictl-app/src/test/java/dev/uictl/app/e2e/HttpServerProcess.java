package dev.uictl.app.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `uictl mcp --http …` running through a client and the daemon, as a person starts it; its address is read from
 * the line it prints on stderr, its token from the file `uictl mcp token` names. Closing it ends the client, which
 * ends the server in the daemon.
 */
final class HttpServerProcess implements AutoCloseable {
    private static final Pattern SERVING = Pattern.compile("serving MCP at (\\S+)");

    private final Process process;
    private final URI mcp;
    private final StringBuilder stderr;

    private HttpServerProcess(Process process, URI mcp, StringBuilder stderr) {
        this.process = process;
        this.mcp = mcp;
        this.stderr = stderr;
    }

    static HttpServerProcess start(Cli cli, Map<String, String> env, String... extraArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of("mcp", "--http", "127.0.0.1:0"));
        args.addAll(List.of(extraArgs));
        Process p = cli.builder(env, args.toArray(String[]::new)).start();
        p.getOutputStream().close();
        StringBuilder err = new StringBuilder();
        CompletableFuture<URI> uri = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (err) {
                        err.append(line).append('\n');
                    }
                    Matcher m = SERVING.matcher(line);
                    if (m.find()) {
                        uri.complete(URI.create(m.group(1)));
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            uri.completeExceptionally(new AssertionError("mcp --http ended before serving: " + err));
        });
        try {
            return new HttpServerProcess(p, uri.get(60, TimeUnit.SECONDS), err);
        } catch (Exception e) {
            p.destroyForcibly();
            throw new AssertionError("mcp --http did not start: " + err, e);
        }
    }

    URI mcp() {
        return mcp;
    }

    URI resolve(String path) {
        return mcp.resolve(path);
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    static String token(Path configHome) throws IOException {
        return Files.readString(configHome.resolve("uictl/http-token")).strip();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** One HTTP/1.1 exchange on its own connection, every byte as given (Host included), read to the end. */
    record Reply(int status, Map<String, String> headers, String body) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        tools.jackson.databind.JsonNode json() {
            return dev.uictl.core.json.Json.parse(body);
        }
    }

    static Reply exchange(URI server, String method, String path, Map<String, String> headers, byte[] body)
            throws IOException {
        try (Socket s = new Socket(server.getHost(), server.getPort())) {
            s.setSoTimeout(60_000);
            StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
            Map<String, String> all = new LinkedHashMap<>();
            all.put("Host", server.getHost() + ":" + server.getPort());
            all.put("Connection", "close");
            all.putAll(headers);
            if (body != null) {
                all.put("Content-Length", Integer.toString(body.length));
            }
            all.forEach((k, v) -> {
                if (v != null) {
                    head.append(k).append(": ").append(v).append("\r\n");
                }
            });
            OutputStream out = s.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                try {
                    out.write(body);
                } catch (IOException e) {
                    // the server may answer (413) and close before taking the whole body
                }
            }
            out.flush();
            return read(s.getInputStream());
        }
    }

    private static Reply read(InputStream in) throws IOException {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip());
        }
        return new Reply(Integer.parseInt(lines[0].split(" ")[1]), headers, text.substring(end + 4));
    }
}
