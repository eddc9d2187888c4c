package dev.uictl.core.registry;

import dev.uictl.core.error.ErrorCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the outside world may know about one command. Help, capabilities, schemas, completion and the docs
 * are all generated from these records, so they cannot disagree.
 *
 * @param name         the command path, words separated by one space ("daemon start")
 * @param runsInClient true for commands that manage the daemon itself and therefore never run inside it
 * @param streaming    true when the command writes several lines before its final envelope
 * @param readsStdin   true when the command consumes standard input
 * @param annotations  what a call does to the world (MCP tool annotations); null only while undeclared, which the
 *                     registry test rejects
 * @param interactive  true when the command takes over the caller's terminal (keystrokes in, screen out) and so
 *                     needs a person at a terminal; serve, batch and MCP refuse it
 * @param standalone   true when the command must be its own uictl invocation (it owns stdin and stdout, or manages
 *                     the daemon that serve, batch and MCP run in); serve, batch and MCP refuse it
 * @param toolGroup    the group `mcp --tools` selects it by: its category's unless the spec names another
 */
public record CommandSpec(String name, List<String> aliases, Category category, String summary, String description,
                          List<ParamSpec> params, OutputType output, List<Example> examples, Set<ErrorCode> errors,
                          boolean runsInClient, boolean streaming, boolean readsStdin, ToolAnnotations annotations,
                          boolean interactive, boolean standalone, ToolGroup toolGroup) {

    /** Codes any command can produce, whatever it declares. */
    public static final Set<ErrorCode> UNIVERSAL_ERRORS = EnumSet.of(ErrorCode.INTERNAL_ERROR,
            ErrorCode.INVALID_ARGS, ErrorCode.MISSING_REQUIRED, ErrorCode.DAEMON_UNAVAILABLE,
            ErrorCode.PROTOCOL_VERSION_MISMATCH);

    public CommandSpec {
        aliases = List.copyOf(aliases);
        params = List.copyOf(params);
        examples = List.copyOf(examples);
        EnumSet<ErrorCode> all = EnumSet.copyOf(UNIVERSAL_ERRORS);
        all.addAll(errors);
        errors = Set.copyOf(all);
    }

    public static Builder builder(String name, Category category) {
        return new Builder(name, category);
    }

    /** Error codes in table order, for stable output. */
    public List<ErrorCode> sortedErrors() {
        return EnumSet.copyOf(errors).stream().toList();
    }

    /** Whether serve and batch may run it as one of their requests. */
    public boolean nestable() {
        return !interactive && !standalone;
    }

    /**
     * Why serve, batch and MCP refuse it (each answers every request on one stream, and this command would take over
     * the terminal, own the stream or stop the daemon the session runs in); empty when it is nestable.
     */
    public String whyNotNestable() {
        return nestable() ? "" : interactive ? "it is interactive: it takes over a terminal"
                : runsInClient ? "it manages the daemon this session runs in"
                : "it reads the caller's stdin itself";
    }

    public List<String> words() {
        return List.of(name.split(" "));
    }

    public static final class Builder {
        private final String name;
        private final Category category;
        private final List<String> aliases = new ArrayList<>();
        private final List<ParamSpec> params = new ArrayList<>();
        private final List<Example> examples = new ArrayList<>();
        private final EnumSet<ErrorCode> errors = EnumSet.noneOf(ErrorCode.class);
        private String summary = "";
        private String description = "";
        private OutputType output;
        private boolean runsInClient;
        private boolean streaming;
        private boolean readsStdin;
        private ToolAnnotations annotations;
        private boolean interactive;
        private boolean standalone;
        private ToolGroup toolGroup;

        private Builder(String name, Category category) {
            this.name = name;
            this.category = category;
        }

        public Builder summary(String text) {
            this.summary = text;
            return this;
        }

        public Builder description(String text) {
            this.description = text;
            return this;
        }

        public Builder alias(String alias) {
            aliases.add(alias);
            return this;
        }

        public Builder param(ParamSpec param) {
            params.add(param);
            return this;
        }

        public Builder params(List<ParamSpec> more) {
            more.forEach(this::param);
            return this;
        }

        public Builder output(OutputType type) {
            this.output = type;
            return this;
        }

        public Builder example(String commandLine, String what) {
            examples.add(new Example(commandLine, what));
            return this;
        }

        public Builder errors(ErrorCode... codes) {
            errors.addAll(List.of(codes));
            return this;
        }

        public Builder runsInClient() {
            this.runsInClient = true;
            return this;
        }

        public Builder streaming() {
            this.streaming = true;
            return this;
        }

        public Builder readsStdin() {
            this.readsStdin = true;
            return this;
        }

        /** What a call does to the world; see {@link ToolAnnotations} for the factories. */
        public Builder annotations(ToolAnnotations value) {
            this.annotations = value;
            return this;
        }

        /** Takes over the caller's terminal; see {@link CommandSpec#interactive()}. */
        public Builder interactive() {
            this.interactive = true;
            return this;
        }

        /** Must be its own invocation; see {@link CommandSpec#standalone()}. */
        public Builder standalone() {
            this.standalone = true;
            return this;
        }

        /** A tool group other than the category's (a wait on windows among the accessibility waits). */
        public Builder toolGroup(ToolGroup group) {
            this.toolGroup = group;
            return this;
        }

        public CommandSpec build() {
            if (output == null) {
                throw new IllegalStateException("command " + name + " declares no output type");
            }
            if (examples.isEmpty()) {
                throw new IllegalStateException("command " + name + " has no example");
            }
            return new CommandSpec(name, aliases, category, summary, description, params, output, examples, errors,
                    runsInClient, streaming, readsStdin, annotations, interactive, standalone,
                    toolGroup != null ? toolGroup : category.toolGroup());
        }
    }
}
