package dev.uictl.commands.a11y;

import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.call.CallContext;
import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.a11y.ElementQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

public final class FindCommand implements Command {
    static final CommandSpec SPEC = CommandSpec.builder("find", Category.OBSERVE)
            .summary("Find elements by role, name, text and state; each match gets a qualified ref")
            .description("Searches the accessibility trees of every application, or of the window SCOPE names "
                    + "(a window selector). --role takes canonical roles (button, textfield…); --name matches the "
                    + "whole name, --text a substring of name, value or description (case-insensitive); --state "
                    + "(repeatable) needs each state (focused, checked, selected, expanded, disabled, enabled, "
                    + "visible…). A QUERY in element-query syntax can be given instead of the options. Matches come "
                    + "in document order with refs @<snapshot_id>:eN of a query snapshot, so the session's latest "
                    + "snapshot keeps its refs. An application that does not answer (hung or stopped) is named in "
                    + "unanswered and not searched; when nothing matched and one did not answer, the result is "
                    + "APP_UNRESPONSIVE, not an empty list.")
            .param(ParamSpec.positional("scope", ParamType.STRING, "window selector to search in (@w1, "
                    + "title~=Editor…); omit for every application").asOptional())
            .param(ParamSpec.option("query", ParamType.STRING, "an element query instead of the options, e.g. "
                    + "'role=button name~=save'"))
            .param(ParamSpec.option("role", ParamType.STRING, "canonical role"))
            .param(ParamSpec.option("name", ParamType.STRING, "exact accessible name (case-insensitive)"))
            .param(ParamSpec.option("text", ParamType.STRING, "substring of name, value or description"))
            .param(ParamSpec.option("state", ParamType.STRING_LIST, "required state (repeatable)"))
            .param(ParamSpec.flag("first", "only the first match"))
            .param(ParamSpec.option("nth", ParamType.INTEGER, "only the Nth match (1-based)").between(1, 100_000))
            .param(ParamSpec.flag("count", "only the number of matches"))
            .param(ParamSpec.option("limit", ParamType.INTEGER, "at most N matches (default 50)").between(1, 1000))
            .param(A11yParams.TIMEOUT)
            .output(new OutputType("found-elements", ElementQueries.Found.class, "Elements matching a query"))
            .example("find --role button", "Every button of every application")
            .example("find @w1 --role textfield --first", "The first text field of the topmost window")
            .example("find --text save --count", "How many elements mention 'save'")
            .example("find --query 'role=checkbox states=checked'", "Checked check boxes")
            .errors(A11yParams.A11Y_ERRORS)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public CommandSpec spec() {
        return SPEC;
    }

    @Override
    public Result run(Args args, CommandContext command) {
        CallContext ctx = A11yParams.bounded(args, command);
        int modes = (args.flag("first") ? 1 : 0) + (args.has("nth") ? 1 : 0) + (args.flag("count") ? 1 : 0)
                + (args.has("limit") ? 1 : 0);
        if (modes > 1) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, "choose one of --first, --nth, --count, --limit");
        }
        int limit = Math.toIntExact(args.integerOr("limit", 50));
        int nth = args.has("nth") ? Math.toIntExact(args.integerOr("nth", 1)) : args.flag("first") ? 1 : 0;
        String query = query(args);
        ElementQueries.Found found = command.service(ElementQueries.class).find(ctx, query, args.flag("count"), nth, limit);
        String silent = found.unanswered() == null ? "" : "; not searched, did not answer: " + found.unanswered()
                .stream().map(ElementQueries.SilentApp::toString).collect(Collectors.joining(", "));
        return Result.of(found, AgentHints.summary(found.count() + " matches for " + query + silent));
    }

    private static String query(Args args) {
        List<String> terms = new ArrayList<>();
        if (args.has("query")) {
            if (args.has("role") || args.has("name") || args.has("text") || args.has("state")) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "give --query or the term options, not both");
            }
            terms.add(args.string("query"));
        }
        if (args.has("role")) {
            terms.add("role=" + quote(args.string("role")));
        }
        if (args.has("name")) {
            terms.add("name=" + quote(args.string("name")));
        }
        if (args.has("text")) {
            terms.add("text~=" + quote(args.string("text")));
        }
        if (args.has("state")) {
            terms.add("states=" + quote(String.join(",", args.list("state"))));
        }
        if (terms.isEmpty()) {
            throw UictlException.of(ErrorCode.MISSING_REQUIRED, "give at least one of --role, --name, --text, "
                    + "--state or --query").withHint("Run e.g. `uictl find --role button`.");
        }
        String q = String.join(" ", terms);
        return args.has("scope") ? args.string("scope") + " >> " + q : q;
    }

    private static String quote(String v) {
        return "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
