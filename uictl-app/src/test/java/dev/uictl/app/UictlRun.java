package dev.uictl.app;

import dev.uictl.app.dispatch.Invocation;
import dev.uictl.protocol.Installation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Runs a command line in-process through the real dispatcher and captures what the user would see. */
public final class UictlRun {
    public record Output(int exit, String stdout, String stderr) {
    }

    private static final UictlApp APP = new UictlApp(new Installation(Path.of("..").toAbsolutePath().normalize()));
    private static final Path PRIVATE_CONFIG = privateConfig();

    private UictlRun() {
    }

    public static Output run(String... argv) {
        return run(Map.of(), "", argv);
    }

    public static Output run(Map<String, String> extraEnv, String stdin, String... argv) {
        return run(APP, extraEnv, stdin, argv);
    }

    /**
     * Runs through another app's dispatcher, one over a platform that supports nothing: its PLATFORM_NOT_SUPPORTED is
     * the product's answer on a platform it does not support, and the only code of that run the ledger takes.
     */
    public static Output run(UictlApp app, Map<String, String> extraEnv, String stdin, String... argv) {
        return answering(app, "PLATFORM_NOT_SUPPORTED", extraEnv, stdin, argv);
    }

    /**
     * Runs through another app's dispatcher, one that differs from the module's by a single condition (e.g. an
     * installation without the sandbox's exec helper) whose product answer is {@code code}: the only code of that
     * run the ledger takes.
     */
    public static Output answering(UictlApp app, String code, Map<String, String> extraEnv, String stdin,
                                   String... argv) {
        Output out = run(app, extraEnv, stdin, line -> { }, argv);
        ContractLedger.recordOnly(out.stdout(), code);
        return out;
    }

    /** Like {@link #run(Map, String, String...)}, handing each stdout line to {@code lines} as it is written. */
    public static Output streaming(Map<String, String> extraEnv, Consumer<String> lines, String... argv) {
        return run(APP, extraEnv, "", lines, argv);
    }

    /**
     * Like {@link #run(Map, String, String...)} from the directory {@code cwd} (relative paths in argv resolve
     * there), with a stdin the caller controls (e.g. one that stays open).
     */
    public static Output run(Path cwd, InputStream stdin, String... argv) {
        return run(APP, Map.of(), cwd, stdin, line -> { }, argv);
    }

    private static Output run(UictlApp app, Map<String, String> extraEnv, String stdin, Consumer<String> lines,
                              String... argv) {
        return run(app, extraEnv, Path.of("."), new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                lines, argv);
    }

    private static Output run(UictlApp app, Map<String, String> extraEnv, Path cwd, InputStream stdin,
                              Consumer<String> lines, String... argv) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("UICTL_FORMAT");
        // `mcp token` examples must not read or rotate the token of the person running the tests
        env.put("XDG_CONFIG_HOME", PRIVATE_CONFIG.toString());
        env.putAll(extraEnv);
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            private int lineStart;

            @Override
            public synchronized void write(byte[] b, int off, int len) {
                super.write(b, off, len);
                for (int i = lineStart; i < count; i++) {
                    if (buf[i] == '\n') {
                        lines.accept(new String(buf, lineStart, i - lineStart, StandardCharsets.UTF_8));
                        lineStart = i + 1;
                    }
                }
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Invocation inv = new Invocation(List.of(argv), cwd.toAbsolutePath().normalize(), env, stdin, out,
                new PrintStream(err, true, StandardCharsets.UTF_8), false, hook -> { });
        int exit = app.dispatcher().run(inv);
        String stdout = out.toString(StandardCharsets.UTF_8);
        if (app == APP) {
            ContractLedger.record(stdout);
        }
        return new Output(exit, stdout, err.toString(StandardCharsets.UTF_8));
    }

    public static UictlApp app() {
        return APP;
    }

    private static Path privateConfig() {
        try {
            Path dir = java.nio.file.Files.createTempDirectory("uictl-test-config");
            return dir;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
