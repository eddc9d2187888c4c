package dev.uictl.commands.window;

import dev.uictl.core.envelope.AgentHints;
import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.registry.Category;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.OutputType;
import dev.uictl.core.registry.Result;
import dev.uictl.engine.desktop.model.WindowAction;
import java.util.Arrays;
import java.util.List;

/** What focus, close, move-window, resize-window, minimize, maximize and restore have in common. */
abstract class WindowActionCommand {
    static final OutputType OUTPUT = new OutputType("window-action", WindowAction.class,
            "A window action, the window it acted on and whether its effect was observed");

    static CommandSpec.Builder spec(String name, String summary) {
        return spec(name, summary, WindowParams.selectorAndDisplayErrors());
    }

    /** close: a window that went away after it was found is what was asked for, never WINDOW_NOT_FOUND. */
    static CommandSpec.Builder closeSpec(String name, String summary) {
        return spec(name, summary, Arrays.stream(WindowParams.selectorAndDisplayErrors())
                .filter(code -> code != ErrorCode.WINDOW_NOT_FOUND).toArray(ErrorCode[]::new));
    }

    private static CommandSpec.Builder spec(String name, String summary, ErrorCode[] errors) {
        return CommandSpec.builder(name, Category.WINDOWS).summary(summary).param(WindowParams.SELECTOR).output(OUTPUT)
                .errors(errors);
    }

    static Result result(WindowAction action, CommandContext ctx) {
        AgentHints hints = AgentHints.summary(action.action() + " @" + action.refId() + " \"" + action.title() + "\": "
                + action.delivery());
        if (!action.verified()) {
            hints = hints.withWarnings(List.of(action.note() == null ? "effect not observed" : action.note()))
                    .withSuggestedAction("uictl list-windows");
        }
        return Result.of(action, hints);
    }
}
