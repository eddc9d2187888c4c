package dev.uictl.client;

import dev.uictl.protocol.ClientSession;
import dev.uictl.protocol.DaemonAddress;
import dev.uictl.protocol.DaemonConnection;
import dev.uictl.protocol.DaemonLauncher;
import dev.uictl.protocol.DaemonProcess;
import dev.uictl.protocol.DaemonUnresponsive;
import dev.uictl.protocol.Frame;
import dev.uictl.protocol.Installation;
import dev.uictl.protocol.PrivateDirectory;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Java fallback client: forwards argv, environment, cwd and stdin to the daemon and relays its reply. Its only
 * logic is finding or starting the daemon; commands that manage the daemon, and --no-daemon, run in a child JVM.
 */
public final class Main {
    /** The longest a retry waits for the daemon that dropped the request to be gone (a killed one takes ms). */
    private static final long RETRY_AFTER_EXIT_MS = 1000;
    private Main() {
    }

    public static void main(String[] args) throws IOException {
        int code = run(List.of(args));
        // halt, not exit: System.exit sets up the System.Logger machinery to log the exit (a LoggerFinder service
        // lookup over the class path), a measurable share of this client's start-up. Nothing is left to run at
        // exit: the output is written unbuffered or flushed, and the terminal mode is already restored.
        Runtime.getRuntime().halt(code);
    }

    static int run(List<String> argv) throws IOException {
        Installation installation = Installation.current();
        Map<String, String> env = System.getenv();
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        String command = commandWord(argv);
        if (runsInProcess(argv, env)) {
            return inProcess(installation, argv);
        }
        DaemonAddress address = DaemonAddress.forEnvironment(env);
        boolean tty = System.console() != null && System.console().isTerminal();
        ClientSession.Request request = new ClientSession.Request(installation.buildId(),
                installation.home().toString(), argv, env, System.getProperty("user.dir"), tty, tty, tty);
        // Two attempts at most: the second when the first reached no daemon that read it, or one that stopped.
        for (int attempt = 0; ; attempt++) {
            SocketChannel channel;
            try {
                address.ensurePrivateDir();
                boolean hadSocket = Files.exists(address.socket());
                channel = DaemonConnection.tryConnect(address);
                if (channel == null) {
                    channel = DaemonLauncher.startAndConnect(installation, address, env, Duration.ofSeconds(20));
                    if (hadSocket) {
                        stderr.println("uictl: the daemon had stopped (stale socket); started a new one");
                    }
                }
            } catch (PrivateDirectory.Untrusted e) {
                return fail(stdout, command, ClientFailure.permissionDenied(e.getMessage(), e.hint()));
            } catch (SecurityException e) {
                return fail(stdout, command, ClientFailure.permissionDenied(e.getMessage(),
                        ClientFailure.FOREIGN_SOCKET_HINT));
            } catch (IOException e) {
                if (command.equals("mcp")) {
                    // an agent host expects JSON-RPC on stdout, not an envelope: serve MCP from a process of its own
                    stderr.println("uictl: no daemon (" + e.getMessage() + "); serving MCP in this process, "
                            + "without state shared with the CLI");
                    return inProcess(installation, argv);
                }
                if (e instanceof DaemonUnresponsive daemon) {
                    return fail(stdout, command, ClientFailure.daemonUnresponsive(daemon.outcome(), "not_delivered"));
                }
                return fail(stdout, command, ClientFailure.daemonUnavailable(String.valueOf(e.getMessage()),
                        "not_delivered"));
            }
            ClientSession.Outcome outcome;
            try (RawTerminal raw = new RawTerminal(tty)) {
                outcome = ClientSession.run(channel, address, request, System.in, stdout, stderr, raw::enter);
            }
            // An if-chain, not a pattern switch, for the reason given in ClientSession.relay.
            if (outcome instanceof ClientSession.Outcome.Exited(int code)) {
                // The socket is left for the process exit, which follows at once, to close: closing a connected
                // channel first initialises the JDK's IP socket layer (sun.nio.ch.Net), ~2 ms of every call.
                return code;
            }
            channel.close();
            if (outcome instanceof ClientSession.Outcome.Undelivered(String reason)) {
                if (attempt > 0) {
                    return fail(stdout, command, ClientFailure.daemonUnavailable(reason, "not_delivered"));
                }
                // Nothing ran (a daemon killed as the call began, typically): once it is gone, the next attempt finds
                // its socket stale, starts a daemon and sends the request there.
                DaemonProcess.of(address).ifPresent(d -> d.awaitGone(RETRY_AFTER_EXIT_MS));
                continue;
            }
            if (outcome instanceof ClientSession.Outcome.Dropped(String reason)) {
                return fail(stdout, command, ClientFailure.daemonUnavailable(
                        "lost the daemon mid-request: " + reason, "delivery_uncertain"));
            }
            if (outcome instanceof ClientSession.Outcome.Unresponsive daemon) {
                return fail(stdout, command, ClientFailure.daemonUnresponsive(daemon, "delivery_uncertain"));
            }
            var mismatch = (ClientSession.Outcome.Mismatch) outcome;
            if (attempt > 0 || mismatch.reaction() != Frame.Reaction.STOPPING) {
                return fail(stdout, command, ClientFailure.versionMismatch(mismatch.daemonBuildId(),
                        request.buildId(), mismatch.reaction() == Frame.Reaction.KEEPING));
            }
            // The daemon was replaced on disk and is exiting; the next attempt starts the new build.
            DaemonProcess.of(address).ifPresent(d -> d.awaitGone(RETRY_AFTER_EXIT_MS));
        }
    }

    private static int fail(OutputStream stdout, String command, ClientFailure failure) throws IOException {
        stdout.write(failure.toJson(command).getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        return failure.exitCode();
    }

    /** `--no-daemon`, UICTL_NO_DAEMON=1 and the daemon-management commands never go through a daemon. */
    static boolean runsInProcess(List<String> argv, Map<String, String> env) {
        if ("1".equals(env.get("UICTL_NO_DAEMON"))) {
            return true;
        }
        for (String a : argv) {
            if (a.equals("--")) {
                break;
            }
            if (a.equals("--no-daemon")) {
                return true;
            }
        }
        return commandWord(argv).equals("daemon");
    }

    static String commandWord(List<String> argv) {
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--format") || a.equals("--session")) {
                i++;
            } else if (!a.startsWith("-")) {
                return a;
            }
        }
        return "uictl";
    }

    private static int inProcess(Installation installation, List<String> argv) throws IOException {
        List<String> command = new ArrayList<>(installation.launchCommand());
        command.addAll(argv);
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().put("UICTL_HOME", installation.home().toString());
        try {
            return pb.start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }
}
