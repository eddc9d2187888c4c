package dev.uictl.app.dispatch;

import dev.uictl.app.cli.CliParser;
import dev.uictl.app.cli.ParsedLine;
import dev.uictl.app.cli.RobotFlags;
import dev.uictl.core.call.Cancellation;
import dev.uictl.core.call.Deadline;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.envelope.Envelope;
import dev.uictl.core.error.Delivery;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.CallRequest;
import dev.uictl.core.registry.JsonArgs;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.Result;
import dev.uictl.core.render.Format;
import dev.uictl.core.render.RenderOptions;
import dev.uictl.core.render.Renderer;
import dev.uictl.x11.io.ReplyWaits;
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
        List<String> argv;
        try {
            argv = RobotFlags.rewrite(inv.argv());
        } catch (UictlException e) {
            Envelope failure = Envelope.failure("uictl", e);
            write(inv, RenderOptions.DEFAULT, failure);
            return failure.exitCode();
        }
        try {
            options = GlobalOptions.extract(argv, inv.env(), registry);
        } catch (GlobalOptions.GlobalOptionsException e) {
            Envelope failure = Envelope.failure(commandName(argv), e.error());
            write(inv, e.partial().render(), failure);
            return failure.exitCode();
        }
        Reply reply = execute(options, inv, null);
        if (reply != null) {
            write(inv, reply.render(), reply.envelope());
            return reply.envelope().exitCode();
        }
        return 0;
    }

    /** Answers the invocation with {@code error} without running it (a daemon that is stopping or full). */
    public int refuse(Invocation inv, UictlException error) {
        RenderOptions render;
        try {
            render = GlobalOptions.extract(inv.argv(), inv.env(), registry).render();
        } catch (GlobalOptions.GlobalOptionsException e) {
            render = e.partial().render();
        }
        Envelope failure = Envelope.failure(commandName(inv.argv()), error);
        write(inv, render, failure);
        return failure.exitCode();
    }

    /** An envelope and how to render it (help typed by a person is text unless a format was asked for). */
    private record Reply(Envelope envelope, RenderOptions render) {
    }

    /** Runs a nested command line (batch, serve) and returns its envelope without writing it. */
    public Envelope invoke(List<String> line, Invocation parent) {
        return invoke(line, parent, new Nesting(parent.cancellation(), null));
    }

    /**
     * What a nested call inherits from the call it runs in: its cancellation token (a cancelled MCP call or batch
     * stops its items too) and where intermediate envelopes go (null: written to the caller's stdout).
     */
    private record Nesting(Cancellation cancellation, Consumer<Envelope> emitted) {
    }

    private Envelope invoke(List<String> line, Invocation parent, Nesting nesting) {
        List<String> argv = line;
        try {
            argv = RobotFlags.rewrite(line);
            GlobalOptions options = GlobalOptions.extract(argv, parent.env(), registry);
            Reply reply = execute(options, parent, nesting);
            return reply != null ? reply.envelope() : Envelope.success(commandName(argv), null, null);
        } catch (GlobalOptions.GlobalOptionsException e) {
            return Envelope.failure(commandName(argv), e.error());
        } catch (UictlException e) {
            return Envelope.failure("uictl", e);
        }
    }

    /**
     * Runs one structured call — serve's {@code {"command":…,"args":{…}}}, a batch object, an MCP tools/call — and
     * returns its envelope: the arguments bind straight to {@link Args} through {@link JsonArgs}, with the same
     * checks and errors as the command line's, and never become an argv.
     */
    public Envelope call(CallRequest request, Invocation parent) {
        return call(request, parent, new Nesting(parent.cancellation(), null));
    }

    private Envelope call(CallRequest request, Invocation parent, Nesting nesting) {
        String name = registry.find(request.command()).map(c -> c.spec().name()).orElse(request.command());
        try {
            Command command = registry.find(name).orElseThrow(() ->
                    UictlException.of(ErrorCode.INVALID_ARGS, "unknown command '" + name + "'")
                            .withHint("Run `uictl capabilities --compact` to list command names.")
                            .withDetail("command", name));
            if (!command.spec().nestable()) {
                throw notNestable(command.spec());
            }
            Args args = JsonArgs.bind(command.spec(), request.args());
            String session = request.session() != null ? request.session()
                    : parent.env().getOrDefault("UICTL_SESSION", "default");
            GlobalOptions options = new GlobalOptions(RenderOptions.DEFAULT, session, false, false, List.of());
            Cancellation cancellation = request.cancellation() != null ? request.cancellation()
                    : nesting.cancellation();
            Consumer<Envelope> emitted = request.emitted() != null ? request.emitted()
                    : nesting.emitted() != null ? nesting.emitted() : e -> write(parent, options.render(), e);
            Envelope e = runCommand(command, args, new Context(name, options, parent, cancellation, emitted, true));
            return e != null ? e : Envelope.success(name, null, null);
        } catch (RuntimeException | Error e) {
            return failure(name, e);
        }
    }

    /** A failure as an envelope: a UictlException keeps its code; anything else is a bug, INTERNAL_ERROR. */
    private static Envelope failure(String name, Throwable e) {
        if (e instanceof UictlException u) {
            return Envelope.failure(name, u);
        }
        LOG.log(System.Logger.Level.ERROR, "command " + name + " failed", e);
        return Envelope.failure(name, UictlException.of(ErrorCode.INTERNAL_ERROR,
                "internal error in '" + name + "': " + e));
    }

    /**
     * Null when a streaming command already wrote everything. Nested lines (batch, serve; {@code nesting} not null)
     * get envelopes.
     */
    private Reply execute(GlobalOptions options, Invocation inv, Nesting nesting) {
        boolean nested = nesting != null;
        String name = commandName(options.rest());
        try {
            ParsedLine line = parser.parse(options.rest());
            boolean isHelp = line instanceof ParsedLine.Help
                    || line instanceof ParsedLine.Invoke call && call.command().spec().name().equals("help");
            // People type `help` and `--help`: they read text unless they asked for a format (--json, UICTL_FORMAT).
            GlobalOptions effective = isHelp && !nested && !options.explicitFormat()
                    ? options.withRender(new RenderOptions(Format.TEXT, false, options.render().terse())) : options;
            Envelope e = switch (line) {
                case ParsedLine.Help h -> runCommand(registry.find("help").orElseThrow(), new Args(h.path().isEmpty()
                        ? Map.of() : Map.of("topic", List.of(h.path().split(" ")))), effective, inv, nesting);
                case ParsedLine.Invoke call when nested && !call.command().spec().nestable() ->
                        Envelope.failure(name, notNestable(call.command().spec()));
                case ParsedLine.Invoke call -> runCommand(call.command(), call.args(), effective, inv, nesting);
            };
            return e == null ? null : new Reply(e, effective.render());
        } catch (RuntimeException | Error e) {
            return new Reply(failure(name, e), options.render());
        }
    }

    /**
     * Serve, batch and MCP answer every request on one stream, so a command that takes over the terminal, owns the
     * stream or stops the daemon the session runs in would end the session instead of answering; it is refused
     * before it runs.
     */
    private static UictlException notNestable(CommandSpec spec) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "'" + spec.name()
                        + "' cannot run inside serve, batch or an MCP call: " + spec.whyNotNestable())
                .withHint("Run it as its own command: `uictl " + spec.name() + "`.")
                .withDetail("kind", "not_nestable").withDetail("command", spec.name())
                .withDetail("interactive", spec.interactive());
    }

    private Envelope runCommand(Command command, Args args, GlobalOptions options, Invocation inv, Nesting nesting) {
        Consumer<Envelope> toCaller = e -> write(inv, options.render(), e);
        return runCommand(command, args, nesting == null
                ? new Context(command.spec().name(), options, inv, inv.cancellation(), toCaller, false)
                : new Context(command.spec().name(), options, inv, nesting.cancellation(),
                        nesting.emitted() != null ? nesting.emitted() : toCaller, true));
    }

    private Envelope runCommand(Command command, Args args, Context context) {
        String name = command.spec().name();
        try {
            context.deadline = CallDeadline.of(command.spec(), args);
            // Every X11 reply the command awaits ends when the call is cancelled or passes its deadline.
            ReplyWaits.Bound bound = new ReplyWaits.Bound(context.cancellation::isCancelled,
                    context.deadline.nanoTime());
            Result result = ReplyWaits.within(bound, () -> command.run(args, context));
            if (result.streamed()) {
                return null;
            }
            AgentHints hints = result.hints();
            return Envelope.success(name, result.data(), hints);
        } catch (UictlException e) {
            return Envelope.failure(name, e);
        } catch (UncheckedIOException e) {
            return Envelope.failure(name, UictlException.of(ErrorCode.IO_ERROR, e.getCause().getMessage()));
        } catch (Cancellation.CancelledException e) {
            // The caller went away (nobody reads this) or the daemon is stopping (the caller learns why); a code
            // every command may return, since any command's wait can be cut short this way.
            return Envelope.failure(name, UictlException.of(ErrorCode.DAEMON_UNAVAILABLE, e.getMessage())
                    .withDelivery(Delivery.DELIVERY_UNCERTAIN).withHint("Retry the command.")
                    .withDetail("kind", "cancelled"));
        } catch (RuntimeException e) {
            return failure(name, e);
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
        private final boolean nested;
        private Deadline deadline = Deadline.NONE;

        /** @param nested run inside serve, batch or MCP: the caller's stdin is the session's, not this call's */
        Context(String name, GlobalOptions options, Invocation inv, Cancellation cancellation,
                Consumer<Envelope> emitted, boolean nested) {
            this.nested = nested;
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
            return nested ? InputStream.nullInputStream() : inv.stdin();
        }

        @Override
        public InputStream rawStdin() {
            return nested ? InputStream.nullInputStream() : inv.stdin() instanceof RawInput r ? r.raw() : inv.stdin();
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
            return Dispatcher.this.invoke(argv, inv, new Nesting(cancellation, nested ? emitted : null));
        }

        @Override
        public Envelope call(CallRequest request) {
            return Dispatcher.this.call(request, inv, new Nesting(cancellation, nested ? emitted : null));
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
        public Deadline deadline() {
            return deadline;
        }

        @Override
        public void onDisconnect(Runnable cleanup) {
            inv.onDisconnect().accept(cleanup);
        }
    }
}
