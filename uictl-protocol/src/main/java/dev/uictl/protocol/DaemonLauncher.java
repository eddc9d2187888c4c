package dev.uictl.protocol;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts a detached daemon ({@code setsid … daemon run}) with a clean environment ({@link DaemonEnvironment}) and waits, on inotify events rather than a sleep loop,
 * until its socket accepts connections. A daemon that dies while starting is reported with the tail of its log.
 */
public final class DaemonLauncher {
    private DaemonLauncher() {
    }

    public static SocketChannel startAndConnect(Installation installation, DaemonAddress address,
                                                Map<String, String> env, Duration timeout) throws IOException {
        address.ensurePrivateDir();
        List<String> command = new ArrayList<>();
        command.add("setsid");
        command.addAll(installation.launchCommand());
        command.add("daemon");
        command.add("run");
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(DaemonEnvironment.of(env, installation));
        pb.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(address.logFile().toFile()));
        pb.redirectErrorStream(true);
        long deadline = System.nanoTime() + timeout.toNanos();
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            address.runtimeDir().register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            Process process = pb.start();
            while (true) {
                SocketChannel channel = DaemonConnection.tryConnect(address);
                if (channel != null) {
                    return channel;
                }
                if (!process.isAlive() && process.exitValue() != 0) {
                    throw new IOException("the daemon exited with status " + process.exitValue() + " while starting; "
                            + "log tail:\n" + logTail(address.logFile(), 10));
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("the daemon did not open " + address.socket() + " within "
                            + timeout.toMillis() + " ms; log tail:\n" + logTail(address.logFile(), 10));
                }
                var key = watcher.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the daemon", e);
        }
    }

    public static String logTail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                    .map(l -> l.length() > 300 ? l.substring(0, 300) + "…" : l).toList());
        } catch (IOException e) {
            return "(no daemon log at " + log + ")";
        }
    }
}
