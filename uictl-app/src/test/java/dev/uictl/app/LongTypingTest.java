package dev.uictl.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.testkit.Poll;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Long `type` input on a real xterm whose program writes what it read to a file (the oracle): 128 KiB arrive
 * whole and in order, a timeout stops typing at a chunk boundary, and the display connection answers afterwards.
 */
class LongTypingTest {
    @RegisterExtension
    static final PrivateDesktopExtension DESKTOP = PrivateDesktopExtension.withDefaults();
    /** Characters on the US layout (no remapping), none special to a raw terminal. */
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:!?-_=+()*&%$#@";

    private static UictlRun.Output run(String... argv) {
        return UictlRun.run(DESKTOP.env(), "", argv);
    }

    private static String text(int length, long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    /** Starts an xterm whose shell reads the raw keyboard into {@code out}; returns once it reads and has focus. */
    private static void reader(String title, String program, Path out) throws Exception {
        Path ready = out.resolveSibling(out.getFileName() + ".ready");
        DESKTOP.launch("xterm", "-title", title, "-geometry", "80x10+50+50", "-e", "sh", "-c",
                "stty raw -echo && touch '" + ready + "' && " + program + " > '" + out + "'; exec sleep 600");
        await("the reader's raw terminal", () -> Files.exists(ready), 30);
        // the shell can be reading before the window manager lists the window: wait for the window, then focus it
        JsonNode shown = ContractAssert.envelope(run("wait", "window", "title=" + title, "--timeout", "20000"));
        assertThat(shown.get("success").asBoolean()).as(shown.toString()).isTrue();
        JsonNode focus = ContractAssert.envelope(run("focus", "title=" + title));
        assertThat(focus.get("success").asBoolean()).as(focus.toString()).isTrue();
    }

    private static void await(String what, java.util.function.BooleanSupplier condition, int seconds) {
        Poll.until(what, Duration.ofSeconds(seconds), condition);
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void displayStillAnswers() {
        JsonNode size = ContractAssert.envelope(run("get", "screen-size"));
        assertThat(size.get("success").asBoolean()).as(size.toString()).isTrue();
        JsonNode windows = ContractAssert.envelope(run("list-windows"));
        assertThat(windows.get("success").asBoolean()).as(windows.toString()).isTrue();
    }

    @Test
    void typing128KiBArrivesWholeAndTheDisplayKeepsAnswering() throws Exception {
        Path out = DESKTOP.runtimeDir().resolve("typed-128k.txt");
        String text = text(128 * 1024, 128);
        reader("LongReader", "head -c " + text.length(), out);

        long start = System.nanoTime();
        UictlRun.Output typed = run("type", text);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        JsonNode data = ContractAssert.envelope(typed).get("data");
        assertThat(data).as(typed.stdout().substring(0, Math.min(600, typed.stdout().length()))).isNotNull();
        assertThat(data.get("chars").asInt()).isEqualTo(text.length());
        System.out.println("typed " + text.length() + " characters in " + ms + " ms");

        await("all typed characters in the reader's file", () -> read(out).length() >= text.length(), 120);
        assertThat(read(out)).isEqualTo(text);
        displayStillAnswers();
    }

    @Test
    void aTimeoutStopsTypingAtAChunkAndTheConnectionStaysUsable() throws Exception {
        Path out = DESKTOP.runtimeDir().resolve("typed-timeout.txt");
        String text = text(40_000, 40);
        reader("TimeoutReader", "cat", out);

        JsonNode e = ContractAssert.envelope(run("type", "--timeout", "1", text));
        assertThat(e.get("error").get("code").asString()).as(e.toString()).isEqualTo("TIMEOUT");
        JsonNode details = e.get("error").get("details");
        int typed = details.get("typed").asInt();
        assertThat(typed).isPositive().isLessThan(text.length());
        assertThat(details.get("total").asInt()).isEqualTo(text.length());
        assertThat(e.get("error").get("delivery").asString()).isEqualTo("delivery_uncertain");
        displayStillAnswers();

        JsonNode more = ContractAssert.envelope(run("type", "END"));
        assertThat(more.get("success").asBoolean()).as(more.toString()).isTrue();
        String expected = text.substring(0, typed) + "END";
        await("the typed prefix and END in the reader's file", () -> read(out).length() >= expected.length(), 60);
        assertThat(read(out)).isEqualTo(expected);
    }
}
