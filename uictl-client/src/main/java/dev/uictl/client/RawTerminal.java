package dev.uictl.client;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Raw mode for the client's terminal while a person types live (term attach), through stty on /dev/tty: the JDK
 * has no termios API. Output processing stays on, as in the C client. Restored on close and at JVM exit.
 */
final class RawTerminal implements AutoCloseable {
    private final boolean interactive;
    private String saved;
    private Thread restoreAtExit;

    RawTerminal(boolean interactive) {
        this.interactive = interactive;
    }

    synchronized void enter() {
        if (!interactive || saved != null) {
            return;
        }
        String settings = stty("-g");
        if (settings == null || stty("raw", "-echo", "opost") == null) {
            return;
        }
        saved = settings.strip();
        restoreAtExit = new Thread(this::restore, "uictl-restore-tty");
        Runtime.getRuntime().addShutdownHook(restoreAtExit);
    }

    @Override
    public synchronized void close() {
        restore();
        if (restoreAtExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(restoreAtExit);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs restore() itself
            }
            restoreAtExit = null;
        }
    }

    private synchronized void restore() {
        if (saved != null) {
            stty(saved);
            saved = null;
        }
    }

    /** Runs stty on the controlling terminal; its output, or null when it failed. */
    private static String stty(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "stty";
        System.arraycopy(args, 0, command, 1, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectInput(new File("/dev/tty"))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
