package dev.uictl.app.dispatch;

import dev.uictl.app.cli.CliParser;
import dev.uictl.app.cli.ParsedLine;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.JsonArgs;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.Result;
import dev.uictl.core.render.Format;
import dev.uictl.core.render.RenderOptions;
import dev.uictl.core.render.Renderer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The one path every surface takes: global options → parse → run the command → envelope → render. Every failure,
 * including a parse error or a bug, leaves here as an error envelope with its tabled exit code.
 */
public final class Dispatcher {
    private static final System.Logger LOG = System.getLogger("uictl.dispatch");
    private final CommandRegistry registry;
    private final CliParser parser;
    private final Services services;

    public Dispatcher(CommandRegistry registry, Services services) {
        this.registry = registry;
        this.parser = new CliParser(registry);
        this.services = services;
    }

    public CommandRegistry registry() {
        return registry;
    }

    /** Runs the invocation, writes its reply, returns the exit code. */
    public int run(Invocation inv) {
        GlobalOptions options;
        try {
            options = GlobalOptions.extract(inv.argv(), inv.env(), registry);
        } catch (GlobalOptions.GlobalOptionsException e) {
            Envelope failure = Envelope.failure(commandName(inv.argv()), e.error());
            write(inv, e.partial().render(), failure);
            return failure.exitCode();
        }
        Envelope envelope = execute(options, inv);
        if (envelope != null) {
            write(inv, options.render(), envelope);
            return envelope.exitCode();
        }
        return 0;
    }

    /** Runs a nested command line (batch, serve) and returns its envelope without writing it. */
    public Envelope invoke(List<String> argv, Invocation parent) {
        try {
            GlobalOptions options = GlobalOptions.extract(argv, parent.env(), registry);
            Envelope e = execute(options, parent);
            return e != null ? e : Envelope.success(commandName(argv), null, null);
        } catch (GlobalOptions.GlobalOptionsException e) {
            return Envelope.failure(commandName(argv), e.error());
        }
    }

    /**
     * Runs one structured call — serve's {@code {"command":…,"args":{…}}}, a batch object, an MCP tools/call — and
     * returns its envelope: the arguments bind straight to {@link Args} through {@link JsonArgs}, with the same
     * checks and errors as the command line's, and never become an argv.
     */
    public Envelope call(CallRequest request, Invocation parent) {
        String name = registry.find(request.command()).map(c -> c.spec().name()).orElse(request.command());
        try {
            Command command = registry.find(name).orElseThrow(() ->
                    UictlException.of(ErrorCode.INVALID_ARGS, "unknown command '" + name + "'")
                            .withHint("Run `uictl capabilities --compact` to list command names.")
                            .withDetail("command", name));
            if (command.spec().interactive()) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "'" + name + "' cannot run inside serve, batch "
                        + "or an MCP call: it owns its caller's input and output").withHint("Run it as its own "
                        + "uictl process.");
            }
            Args args = JsonArgs.bind(command.spec(), request.args());
            String session = request.session() != null ? request.session()
                    : parent.env().getOrDefault("UICTL_SESSION", "default");
            GlobalOptions options = new GlobalOptions(RenderOptions.DEFAULT, session, false, false, List.of());
            Cancellation cancellation = request.cancellation() != null ? request.cancellation()
                    : parent.cancellation();
            Consumer<Envelope> emitted = request.emitted() != null ? request.emitted()
                    : e -> write(parent, options.render(), e);
            Envelope e = runCommand(command, args, new Context(name, options, parent, cancellation, emitted));
            return e != null ? e : Envelope.success(name, null, null);
        } catch (RuntimeException | Error e) {
            return failure(name, e);
        }
    }

    /** A failure outside the command itself (resolving, binding): its own code, or INTERNAL_ERROR for a bug. */
    private static Envelope failure(String name, Throwable e) {
        if (e instanceof UictlException u) {
            return Envelope.failure(name, u);
        }
        LOG.log(System.Logger.Level.ERROR, "command " + name + " failed", e);
        return Envelope.failure(name, UictlException.of(ErrorCode.INTERNAL_ERROR,
                "internal error in '" + name + "': " + e));
    }

    /** Null when a streaming command already wrote everything. */
    private Envelope execute(GlobalOptions options, Invocation inv) {
        String name = commandName(options.rest());
        try {
            ParsedLine line = parser.parse(options.rest());
            return switch (line) {
                case ParsedLine.Help help -> runHelp(help.path(), options, inv);
                case ParsedLine.Invoke call -> runCommand(call.command(), call.args(), options, inv);
            };
        } catch (RuntimeException | Error e) {
            return failure(name, e);
        }
    }

    private Envelope runHelp(String path, GlobalOptions options, Invocation inv) {
        Command help = registry.find("help").orElseThrow();
        Args args = new Args(path.isEmpty() ? Map.of() : Map.of("topic", List.of(path.split(" "))));
        // People read help in a terminal; agents asked for a format or read a pipe and get the envelope.
        GlobalOptions effective = !options.explicitFormat() && inv.stdoutTty()
                ? options.withRender(new RenderOptions(Format.TEXT, false, options.render().terse())) : options;
        Envelope e = runCommand(help, args, effective, inv);
        if (effective != options) {
            write(inv, effective.render(), e);
            return null;
        }
        return e;
    }

    private Envelope runCommand(Command command, Args args, GlobalOptions options, Invocation inv) {
        return runCommand(command, args, new Context(command.spec().name(), options, inv, inv.cancellation(),
                e -> write(inv, options.render(), e)));
    }

    private Envelope runCommand(Command command, Args args, Context context) {
        String name = command.spec().name();
        try {
            Result result = command.run(args, context);
            if (result.streamed()) {
                return null;
            }
            AgentHints hints = result.hints();
            return Envelope.success(name, result.data(), hints);
        } catch (UictlException e) {
            return Envelope.failure(name, e);
        } catch (UncheckedIOException e) {
            return Envelope.failure(name, UictlException.of(ErrorCode.IO_ERROR, e.getCause().getMessage()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "command " + name + " failed", e);
            return Envelope.failure(name, UictlException.of(ErrorCode.INTERNAL_ERROR,
                    "internal error in '" + name + "': " + e));
        }
    }

    private static void write(Invocation inv, RenderOptions render, Envelope e) {
        try {
            synchronized (inv.stdout()) {
                inv.stdout().write(Renderer.render(e, render).getBytes(StandardCharsets.UTF_8));
                inv.stdout().flush();
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("the caller stopped reading", ex);
        }
    }

    /** The command a line names (longest known prefix), also for lines that did not parse. */
    String commandName(List<String> argv) {
        String known = null;
        StringBuilder prefix = new StringBuilder();
        for (String word : argv) {
            if (word.startsWith("-")) {
                break;
            }
            prefix.append(prefix.isEmpty() ? "" : " ").append(word);
            String candidate = prefix.toString();
            if (registry.find(candidate).isPresent() || registry.groups().contains(candidate)) {
                known = registry.find(candidate).map(c -> c.spec().name()).orElse(candidate);
            } else {
                break;
            }
        }
        if (known != null) {
            return known;
        }
        return argv.isEmpty() || argv.getFirst().startsWith("-") ? "uictl" : argv.getFirst();
    }

    private final class Context implements CommandContext {
        private final String name;
        private final GlobalOptions options;
        private final Invocation inv;
        private final Cancellation cancellation;
        private final Consumer<Envelope> emitted;

        Context(String name, GlobalOptions options, Invocation inv, Cancellation cancellation,
                Consumer<Envelope> emitted) {
            this.name = name;
            this.options = options;
            this.inv = inv;
            this.cancellation = cancellation;
            this.emitted = emitted;
        }

        @Override
        public String command() {
            return name;
        }

        @Override
        public Path cwd() {
            return inv.cwd();
        }

        @Override
        public Map<String, String> env() {
            return inv.env();
        }

        @Override
        public String session() {
            return options.session();
        }

        @Override
        public InputStream stdin() {
            return inv.stdin();
        }

        @Override
        public InputStream rawStdin() {
            return inv.stdin() instanceof RawInput r ? r.raw() : inv.stdin();
        }

        @Override
        public OutputStream stdout() {
            return inv.stdout();
        }

        @Override
        public PrintStream stderr() {
            return inv.stderr();
        }

        @Override
        public void emit(Envelope envelope) {
            emitted.accept(envelope);
        }

        @Override
        public Envelope invoke(List<String> argv) {
            return Dispatcher.this.invoke(argv, inv);
        }

        @Override
        public Envelope call(CallRequest request) {
            return Dispatcher.this.call(request, inv);
        }

        @Override
        public <T> T service(Class<T> type) {
            if (type == CommandRegistry.class) {
                return type.cast(registry);
            }
            return services.get(type);
        }

        @Override
        public Cancellation cancellation() {
            return cancellation;
        }

        @Override
        public void onDisconnect(Runnable cleanup) {
            inv.onDisconnect().accept(cleanup);
        }
    }
}
