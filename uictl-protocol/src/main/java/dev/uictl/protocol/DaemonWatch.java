package dev.uictl.protocol;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * Looks at the daemon's process once a {@link #PERIOD} while a client waits on its connection, and closes the
 * connection (which ends the client's blocked read or write) when waiting longer would be waiting forever: the
 * process is stopped or gone, or it stayed silent past a deadline. A platform thread, not a virtual one: the first
 * virtual thread of a process sets up its scheduler, which would slow every start of the Java client; on the fast
 * path the thread is started and ended without ever having looked.
 */
final class DaemonWatch implements AutoCloseable {
    /** How often the daemon's process state is read while waiting; it bounds how late a stopped daemon is noticed. */
    static final Duration PERIOD = Duration.ofSeconds(1);

    private final DaemonAddress address;
    private final SocketChannel channel;
    /** Null: as long as the process can answer. */
    private final Duration answerWithin;
    private final Thread thread;
    private volatile boolean done;
    private volatile ClientSession.Outcome.Unresponsive verdict;

    private DaemonWatch(DaemonAddress address, SocketChannel channel, Duration answerWithin) {
        this.address = address;
        this.channel = channel;
        this.answerWithin = answerWithin;
        this.thread = Thread.ofPlatform().daemon().name("uictl-daemon-watch").unstarted(this::watch);
    }

    static DaemonWatch start(DaemonAddress address, SocketChannel channel, Duration answerWithin) {
        DaemonWatch w = new DaemonWatch(address, channel, answerWithin);
        w.thread.start();
        return w;
    }

    /**
     * Ends the watch and tells what ended the exchange: a connection that dropped because this watch cut it is the
     * watch's verdict; an answer that arrived as the watch gave up stands.
     */
    ClientSession.Outcome settle(ClientSession.Outcome outcome) {
        close();
        ClientSession.Outcome.Unresponsive v = verdict;
        return v != null && (outcome instanceof ClientSession.Outcome.Dropped
                || outcome instanceof ClientSession.Outcome.Undelivered) ? v : outcome;
    }

    private void watch() {
        long start = System.nanoTime();
        long limit = answerWithin == null ? Long.MAX_VALUE : answerWithin.toNanos();
        Optional<DaemonProcess> daemon = Optional.empty();
        while (true) {
            LockSupport.parkNanos(Math.min(PERIOD.toNanos(), Math.max(1, limit - (System.nanoTime() - start))));
            if (done) {
                return;
            }
            if (daemon.isEmpty()) {
                daemon = DaemonProcess.of(address); // read late: a daemon just started writes it after its socket
            }
            var why = ClientSession.Outcome.Unresponsive.judge(daemon, System.nanoTime() - start, limit, "answer",
                    "did not answer within");
            if (why.isPresent()) {
                cut(why.get());
                return;
            }
        }
    }

    private void cut(ClientSession.Outcome.Unresponsive why) {
        verdict = why;
        try {
            channel.close();
        } catch (IOException e) {
            // closed already
        }
    }

    /** Ends the watch; a verdict already reached stands. */
    @Override
    public void close() {
        done = true;
        LockSupport.unpark(thread);
    }
}
