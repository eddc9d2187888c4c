package dev.uictl.commands.element;

import dev.uictl.core.registry.Args;
import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandContext;
import dev.uictl.core.registry.CommandSpec;
import dev.uictl.core.registry.ParamSpec;
import dev.uictl.core.registry.ParamType;
import dev.uictl.core.registry.Result;
import dev.uictl.core.registry.ToolAnnotations;
import dev.uictl.engine.desktop.element.ElementAction;
import java.util.List;

/**
 * The element actions that are only their action on a target, with at most one positional argument (the value,
 * item or action name): one row each in {@link #ALL}, one registry entry each. Actions with more shape (fill's
 * form, scroll's direction, drag's destination) have their own classes.
 */
public final class ElementActionCommand implements Command {
    private final CommandSpec spec;
    private final ElementAction action;
    /** The positional argument's name, or null when the action takes none. */
    private final String argument;

    private ElementActionCommand(CommandSpec spec, ElementAction action, String argument) {
        this.spec = spec;
        this.action = action;
        this.argument = argument;
    }

    /** One row of the table: without {@code annotations} a command is destructive (input can do anything). */
    private static ElementActionCommand of(ElementAction action, String summary, ParamSpec argument,
                                           ToolAnnotations annotations, String example, String meaning) {
        CommandSpec.Builder b = argument == null ? ElementParams.spec(action.wireName(), summary)
                : ElementParams.spec(action.wireName(), summary, argument);
        b.example(example, meaning);
        if (annotations != null) {
            b.annotations(annotations);
        }
        return new ElementActionCommand(b.build(), action, argument == null ? null : argument.name());
    }

    private static ParamSpec argument(String name, String description) {
        return ParamSpec.positional(name, ParamType.STRING, description).asRequired();
    }

    private static final ToolAnnotations SETS_STATE = ToolAnnotations.additive().idempotent();

    public static final List<Command> ALL = List.of(
            of(ElementAction.SET_VALUE, "Set an element's value (slider, spin button: its number; text field: its "
                            + "text) and verify it", argument("value", "the value to set (a number in the element's range for a slider or spin button: "
                            + "anything else is refused before it is sent)"), SETS_STATE,
                    "set-value 'role=slider name=Volume' 70", "Move the Volume slider to 70"),
            of(ElementAction.CLEAR, "Empty a text field and verify it reads back empty", null,
                    ToolAnnotations.destructive().idempotent(), "clear 'role=textfield name=\"Name field\"'",
                    "Empty the name field"),
            of(ElementAction.SELECT, "Select the item named VALUE in a list, combo box or tab list and verify it is "
                            + "selected", argument("value", "the name of the item to select"), SETS_STATE,
                    "select 'role=combobox name=Size' beta", "Choose beta in the Size combo box"),
            of(ElementAction.TOGGLE, "Flip a check box or toggle button and verify the checked state changed", null,
                    null, "toggle 'role=checkbox name=\"Enable feature\"'", "Flip the check box"),
            of(ElementAction.CHECK, "Make a check box checked (nothing to do if it is) and verify it", null,
                    SETS_STATE, "check 'role=checkbox name=\"Enable feature\"'", "Check the check box"),
            of(ElementAction.UNCHECK, "Make a check box unchecked (nothing to do if it is) and verify it", null,
                    SETS_STATE, "uncheck @e4", "Uncheck element e4"),
            of(ElementAction.EXPAND, "Expand a tree row or expander and verify it is expanded", null, SETS_STATE,
                    "expand 'role=cell name=Colors'", "Expand the Colors row"),
            of(ElementAction.COLLAPSE, "Collapse a tree row or expander and verify it is collapsed", null,
                    SETS_STATE, "collapse 'role=cell name=Colors'", "Collapse the Colors row"),
            of(ElementAction.ACTION, "Perform one of an element's own accessible actions by name (see get "
                            + "--property actions)", argument("name", "the action name, e.g. activate"), null,
                    "action 'role=cell name=Colors' activate", "Activate a tree row"),
            of(ElementAction.RIGHT_CLICK, "Right-click an element (its menu action, else a synthetic right click)",
                    null, null, "right-click 'role=button name=\"Press me\"' --physical",
                    "Right-click a button with the mouse"),
            of(ElementAction.TRIPLE_CLICK, "Triple-click an element with synthetic input (selects a line of text)",
                    null, null, "triple-click @e3", "Triple-click element e3 of the latest snapshot"),
            of(ElementAction.HOVER, "Move the pointer over an element's visible centre", null, SETS_STATE,
                    "hover 'role=button name=Vanish'", "Hover over the Vanish button"),
            of(ElementAction.SCROLL_TO, "Scroll an element into view (Component.ScrollTo) and verify it is on screen",
                    null, SETS_STATE, "scroll-to @e9", "Bring element e9 into view"));

    @Override
    public CommandSpec spec() {
        return spec;
    }

    @Override
    public Result run(Args args, CommandContext ctx) {
        return ElementParams.run(args, ctx, action, argument == null ? null : args.string(argument));
    }
}
