package dev.uictl.app;

import dev.uictl.app.dispatch.Invocation;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** In-process entry point: `--no-daemon` runs, daemon management and the daemon itself (`daemon run`). */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        UictlApp app = new UictlApp(UictlApp.defaultInstallation());
        var stdout = new FileOutputStream(FileDescriptor.out);
        var stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        boolean tty = System.console() != null && System.console().isTerminal();
        Invocation inv = new Invocation(List.of(args), Path.of(System.getProperty("user.dir")), System.getenv(),
                System.in, stdout, stderr, tty, hook -> Runtime.getRuntime().addShutdownHook(new Thread(hook)));
        int code = app.dispatcher().run(inv);
        app.services().closeAll();
        System.exit(code);
    }
}
