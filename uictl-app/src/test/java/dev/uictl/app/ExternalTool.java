package dev.uictl.app;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs an independent X client (import, xclip, xwininfo, xrandr) as an oracle against a private desktop. */
public final class ExternalTool {
    public record Output(int exit, byte[] stdout) {
        public String text() {
            return new String(stdout, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private ExternalTool() {
    }

    public static Output run(Map<String, String> env, String... command) {
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish");
            }
            return new Output(p.exitValue(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Runs a command that may leave a background child (xclip -i): output discarded, only the parent awaited. */
    public static void start(Map<String, String> env, String... command) {
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        try {
            if (!pb.start().waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError(String.join(" ", command) + " did not finish");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** State reached by another process: the shared polling helper, 10 s. */
    public static void await(String what, java.util.function.BooleanSupplier condition) {
        Poll.until(what, condition);
    }
}
