package dev.uictl.app.cli;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import dev.uictl.core.registry.RobotAlias;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rewrites an NTM robot-mode command line ({@code --robot-send=api --msg=hi --robot-terse}) into the uictl one
 * ({@code --terse tmux send api --msg=hi}) before parsing, from the data in {@link RobotAlias#ALL}. Only a line
 * that names no command before its first robot flag is rewritten, so a message such as
 * {@code tmux send s --msg --robot-status} stays text.
 */
public final class RobotFlags {
    private RobotFlags() {
    }

    public static List<String> rewrite(List<String> argv) {
        if (!isRobotLine(argv)) {
            return argv;
        }
        List<String> modifiers = new ArrayList<>();
        List<String> command = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        String commandFlag = null;
        for (int i = 0; i < argv.size(); i++) {
            String word = argv.get(i);
            if (word.equals("--")) {
                rest.addAll(argv.subList(i, argv.size()));
                break;
            }
            int eq = word.indexOf('=');
            String name = word.startsWith("--") && eq > 0 ? word.substring(0, eq) : word;
            Optional<RobotAlias> alias = find(name);
            if (alias.isEmpty()) {
                rest.add(word);
                continue;
            }
            RobotAlias a = alias.get();
            String value = eq > 0 && word.startsWith("--") ? word.substring(eq + 1) : null;
            if (value == null && a.value() != RobotAlias.Value.NONE && i + 1 < argv.size()
                    && !argv.get(i + 1).startsWith("-")) {
                value = argv.get(++i);
            }
            if (value == null && a.value() == RobotAlias.Value.REQUIRED) {
                throw UictlException.of(ErrorCode.MISSING_REQUIRED, a.flag() + " needs a value")
                        .withHint("Write it as " + a.flag() + "=VALUE, e.g. " + example(a) + ".");
            }
            if (value != null && a.value() == RobotAlias.Value.NONE) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, a.flag() + " takes no value")
                        .withHint("Write just " + a.flag() + ".");
            }
            if (value != null && !a.choices().isEmpty() && !a.choices().contains(value)) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, a.flag() + " accepts " + a.choices() + ", got '"
                        + value + "'").withHint("E.g. " + a.flag() + "=" + a.choices().getFirst() + ".");
            }
            List<String> words = new ArrayList<>(a.replacement());
            if (value != null) {
                words.add(value);
            }
            if (a.modifier()) {
                modifiers.addAll(words);
            } else if (commandFlag != null) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "one robot command per call: got " + commandFlag
                        + " and " + a.flag()).withHint("Run them as two calls.");
            } else {
                commandFlag = a.flag();
                command.addAll(words);
            }
        }
        List<String> out = new ArrayList<>(modifiers);
        out.addAll(command);
        out.addAll(rest);
        return out;
    }

    /** True when a robot flag comes before any word that is not an option. */
    static boolean isRobotLine(List<String> argv) {
        for (String word : argv) {
            if (word.equals("--") || !word.startsWith("-")) {
                return false;
            }
            int eq = word.indexOf('=');
            if (find(eq > 0 ? word.substring(0, eq) : word).isPresent()) {
                return true;
            }
        }
        return false;
    }

    private static Optional<RobotAlias> find(String flag) {
        return RobotAlias.ALL.stream().filter(a -> a.flag().equals(flag)).findFirst();
    }

    private static String example(RobotAlias a) {
        return a.flag() + "=" + (a.choices().isEmpty() ? "demo" : a.choices().getFirst());
    }
}
