package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.proto.core.Atom;
import dev.uictl.x11.proto.core.ChangeProperty;
import dev.uictl.x11.proto.core.CreateWindow;
import dev.uictl.x11.proto.core.GetProperty;
import dev.uictl.x11.proto.core.PropertyValue;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A thread that is interrupted while it writes to the shared connection must not close it for everyone (a blocking
 * {@code SocketChannel} does: {@code ClosedByInterruptException}). The server is stopped with SIGSTOP so the
 * writer is certainly blocked mid-write when the interrupt arrives.
 */
@Tag("x11")
class InterruptImmunityLiveTest {
    private static final int CHUNK = 128 * 1024;
    private static final int CHUNKS = 24; // 3 MiB: far more than a Unix socket buffers
    static TestDisplay display;

    @BeforeAll
    static void start() throws Exception {
        display = TestDisplay.start();
    }

    @AfterAll
    static void stop() throws Exception {
        display.close();
    }

    @Test
    void aWriterInterruptedMidWriteLeavesTheConnectionWorking() throws Exception {
        try (X11Connection c = display.connect()) {
            int window = c.generateId();
            c.send(CreateWindow.simple(window, c.root(), 0, 0, 10, 10, 0)).check();
            int property = new AtomCache(c).atom("UICTL_INTERRUPT_TEST");
            byte[] data = new byte[CHUNK];
            Arrays.fill(data, (byte) 'x');
            long server = display.xvfb().pid();
            signal("STOP", server);
            AtomicBoolean interruptKept = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < CHUNKS; i++) {
                        c.send(new ChangeProperty(i == 0 ? ChangeProperty.REPLACE : ChangeProperty.APPEND, window,
                                property, Atom.STRING, 8, data));
                    }
                    interruptKept.set(Thread.currentThread().isInterrupted());
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            try {
                TestDisplay.awaitCondition(() -> blockedWriting(writer));
                for (int i = 0; i < 20; i++) {
                    writer.interrupt();
                    Thread.yield();
                }
            } finally {
                signal("CONT", server);
            }
            writer.join();
            assertThat(failure.get()).isNull();
            assertThat(c.isOpen()).isTrue();
            assertThat(interruptKept).as("the caller still sees its interrupt").isTrue();
            c.sync();
            PropertyValue written = c.call(new GetProperty(false, window, property, Atom.ANY, 0, Integer.MAX_VALUE >> 2));
            assertThat(written.data()).hasSize(CHUNK * CHUNKS);
        }
        try (X11Connection other = display.connect()) {
            other.sync();
        }
    }

    private static boolean blockedWriting(Thread writer) {
        return Arrays.stream(writer.getStackTrace()).anyMatch(f -> f.getClassName().equals(UnixSocketTransport.class.getName())
                && f.getMethodName().equals("write"));
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }
}
