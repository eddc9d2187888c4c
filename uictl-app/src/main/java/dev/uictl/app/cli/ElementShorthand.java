package dev.uictl.app.cli;

import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.engine.desktop.a11y.ElementTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * SPEC's `get REF`: `get` is also the group of get version, get active-window…, so a first argument that names an
 * element (a ref such as @e3, or an element query) instead of a subcommand runs `get element`. No subcommand name
 * is a ref or an element query, so the two cannot be confused.
 */
final class ElementShorthand {
    private static final String GROUP = "get";
    private static final String COMMAND = "element";

    private ElementShorthand() {
    }

    static List<String> expand(List<String> argv, CommandRegistry registry) {
        if (argv.size() < 2 || !argv.get(0).equals(GROUP)) {
            return argv;
        }
        String first = argv.get(1);
        if (first.startsWith("-") || registry.find(GROUP + " " + first).isPresent()
                || !ElementTarget.namesElement(first)) {
            return argv;
        }
        List<String> out = new ArrayList<>(argv.size() + 1);
        out.add(GROUP);
        out.add(COMMAND);
        out.addAll(argv.subList(1, argv.size()));
        return out;
    }
}
