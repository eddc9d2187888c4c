package dev.uictl.app.dispatch;

import dev.uictl.core.registry.Command;
import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.ParamSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The global option spellings a line's command declares for itself, and the argv index from which they are the
 * command's. Found by reading the leading words (skipping global options and their values) as far as the registry
 * knows a command.
 */
record ShadowedOptions(int from, Map<String, Boolean> takesValueByName) {
    private static final ShadowedOptions NONE = new ShadowedOptions(Integer.MAX_VALUE, Map.of());

    static ShadowedOptions of(List<String> argv, CommandRegistry registry) {
        List<String> words = new ArrayList<>();
        List<Integer> wordEnds = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            Optional<GlobalOption> global = GlobalOption.ALL.stream().filter(g -> g.name().equals(a)).findFirst();
            if (global.isPresent()) {
                i += global.get().takesValue() ? 1 : 0;
            } else if (a.startsWith("-")) {
                if (!a.contains("=")) {
                    break;
                }
            } else {
                words.add(a);
                wordEnds.add(i + 1);
            }
        }
        Optional<String> path = registry.longestCommandPrefix(words);
        if (path.isEmpty()) {
            return NONE;
        }
        Command command = registry.find(path.get()).orElseThrow();
        Map<String, Boolean> own = new HashMap<>();
        for (ParamSpec p : command.spec().params()) {
            if (p.positional()) {
                continue;
            }
            boolean takesValue = !p.isFlag();
            own.put(p.label(), takesValue);
            p.aliases().forEach(alias -> own.put(alias, takesValue));
        }
        own.keySet().retainAll(GlobalOption.ALL.stream().map(GlobalOption::name).toList());
        int commandWords = path.get().split(" ").length;
        return own.isEmpty() ? NONE : new ShadowedOptions(wordEnds.get(commandWords - 1), Map.copyOf(own));
    }

    boolean owns(String name) {
        return takesValueByName.containsKey(name);
    }

    boolean takesValue(String name) {
        return takesValueByName.getOrDefault(name, false);
    }
}
