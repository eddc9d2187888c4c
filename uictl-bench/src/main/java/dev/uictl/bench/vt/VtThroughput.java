package dev.uictl.bench.vt;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.uictl.vt.Terminal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parser + screen throughput: one invocation feeds one {@link Streams#SIZE}-byte stream into a fresh 24x80
 * terminal, so the score (operations per second) is bytes per second. Both engines start from bytes: ours decodes
 * UTF-8 itself, JediTerm gets the stream decoded by the JDK first (as its reader would), and that decoding is part
 * of its time. The fresh terminal per invocation costs the same for both and is under 1% of an invocation.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(Streams.SIZE)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class VtThroughput {

    /** ascii: plain text lines; sgr: colour and attribute changes per word; corpus: the recorded sessions. */
    @Param({"ascii", "sgr", "corpus"})
    public String stream;

    private byte[] bytes;

    @Setup
    public void load() {
        bytes = switch (stream) {
            case "ascii" -> Streams.ascii();
            case "sgr" -> Streams.sgr();
            case "corpus" -> Streams.corpus(Path.of(System.getProperty("uictl.corpus", "uictl-vt/src/test/resources/ref")));
            default -> throw new IllegalArgumentException(stream);
        };
    }

    @Benchmark
    public void uictl(Blackhole bh) {
        Terminal terminal = new Terminal(Streams.ROWS, Streams.COLS);
        terminal.write(bytes);
        bh.consume(terminal.changeCount());
    }

    @Benchmark
    public void jediterm(Blackhole bh) throws IOException {
        StyleState style = new StyleState();
        TerminalTextBuffer buffer = new TerminalTextBuffer(Streams.COLS, Streams.ROWS, style);
        JediTerminal terminal = new JediTerminal(new HeadlessDisplay(), buffer, style);
        terminal.setTerminalOutput(new DiscardingOutput());
        char[] chars = new String(bytes, StandardCharsets.UTF_8).toCharArray();
        JediEmulator emulator = new JediEmulator(new ArrayTerminalDataStream(chars), terminal);
        while (emulator.hasNext()) emulator.next();
        bh.consume(terminal.getCursorY());
    }
}
