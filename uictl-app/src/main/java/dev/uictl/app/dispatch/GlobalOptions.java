package dev.uictl.app.dispatch;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.render.Format;
import dev.uictl.core.render.RenderOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Options every command accepts, anywhere on the line before {@code --}. They are taken out before the command's
 * own parsing so that even a parse error is rendered in the requested format. A command may declare an option
 * spelled like a global one ({@code screenshot --format png}, {@code term wait --text T}): after the command's words
 * that spelling is the command's, before them it stays global ({@code uictl --format text screenshot --format png}).
 */
public record GlobalOptions(RenderOptions render, String session, boolean verbose, boolean explicitFormat,
                            List<String> rest) {

    public static GlobalOptions extract(List<String> argv, Map<String, String> env, CommandRegistry registry) {
        ShadowedOptions shadowed = ShadowedOptions.of(argv, registry);
        Format format = Format.JSON;
        boolean explicit = false;
        String fromEnv = env.get("UICTL_FORMAT");
        UictlException error = null;
        if (fromEnv != null && !fromEnv.isEmpty()) {
            var parsed = Format.parse(fromEnv);
            if (parsed.isPresent()) {
                format = parsed.get();
                explicit = true;
            } else {
                error = badFormat(fromEnv, "UICTL_FORMAT");
            }
        }
        boolean pretty = false;
        boolean terse = false;
        boolean verbose = false;
        String session = env.getOrDefault("UICTL_SESSION", "default");
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                rest.addAll(argv.subList(i, argv.size()));
                break;
            }
            String value = null;
            String name = a;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (i >= shadowed.from() && shadowed.owns(name)) {
                rest.add(a);
                if (value == null && shadowed.takesValue(name) && i + 1 < argv.size()) {
                    rest.add(argv.get(++i));
                }
                continue;
            }
            switch (name) {
                case "--format", "--session" -> {
                    if (value == null) {
                        if (i + 1 >= argv.size()) {
                            error = UictlException.of(ErrorCode.MISSING_REQUIRED, name + " needs a value");
                            continue;
                        }
                        value = argv.get(++i);
                    }
                    if (name.equals("--session")) {
                        session = value;
                    } else {
                        var parsed = Format.parse(value);
                        if (parsed.isPresent()) {
                            format = parsed.get();
                            explicit = true;
                        } else {
                            error = badFormat(value, "--format");
                        }
                    }
                }
                case "--json" -> {
                    format = Format.JSON;
                    explicit = true;
                }
                case "--text" -> {
                    format = Format.TEXT;
                    explicit = true;
                }
                case "--pretty" -> pretty = true;
                case "--terse" -> terse = true;
                case "--verbose" -> verbose = true;
                case "--no-daemon" -> { /* consumed by the client; nothing to do once we run */ }
                default -> rest.add(a);
            }
        }
        GlobalOptions options = new GlobalOptions(new RenderOptions(format, pretty, terse), session, verbose,
                explicit, List.copyOf(rest));
        if (error != null) {
            throw new GlobalOptionsException(options, error);
        }
        return options;
    }

    private static UictlException badFormat(String value, String where) {
        return UictlException.of(ErrorCode.INVALID_ARGS, "unknown format '" + value + "' in " + where)
                .withHint("Use --format json, text, toon or md.")
                .withDetail("accepted", List.of("json", "text", "toon", "md"));
    }

    public GlobalOptions withRender(RenderOptions newRender) {
        return new GlobalOptions(newRender, session, verbose, explicitFormat, rest);
    }

    /** A bad global option; carries what could be parsed so the error still renders as asked. */
    public static final class GlobalOptionsException extends RuntimeException {
        private final transient GlobalOptions partial;
        private final UictlException error;

        GlobalOptionsException(GlobalOptions partial, UictlException error) {
            super(error.getMessage());
            this.partial = partial;
            this.error = error;
        }

        public GlobalOptions partial() {
            return partial;
        }

        public UictlException error() {
            return error;
        }
    }
}
