package dev.uictl.commands.meta;

import dev.uictl.core.registry.CommandRegistry;
import dev.uictl.core.registry.GlobalOption;
import dev.uictl.core.registry.ParamSpec;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Shell completion generated from the registry: the words allowed after each command path. */
final class CompletionScripts {
    private CompletionScripts() {
    }

    /** Path ("" for the top) → next words: subcommands, then the leaf's own options. */
    static Map<String, TreeSet<String>> wordsByPath(CommandRegistry registry) {
        Map<String, TreeSet<String>> words = new TreeMap<>();
        words.put("", new TreeSet<>());
        registry.byNameAndAlias().forEach((path, command) -> {
            String[] parts = path.split(" ");
            String prefix = "";
            for (String part : parts) {
                words.computeIfAbsent(prefix, k -> new TreeSet<>()).add(part);
                prefix = prefix.isEmpty() ? part : prefix + " " + part;
            }
            TreeSet<String> own = words.computeIfAbsent(path, k -> new TreeSet<>());
            for (ParamSpec p : command.spec().params()) {
                if (!p.positional()) {
                    own.add("--" + p.name());
                } else {
                    own.addAll(p.choices());
                }
            }
            own.add("--help");
        });
        return words;
    }

    static String globals() {
        return String.join(" ", GlobalOption.ALL.stream().map(GlobalOption::name).toList());
    }

    static String bash(CommandRegistry registry) {
        StringBuilder sb = new StringBuilder("# uictl bash completion; load with: source <(uictl completion bash --text)\n");
        sb.append("declare -gA _uictl_words=(\n");
        wordsByPath(registry).forEach((path, next) ->
                sb.append("  [\"").append(path).append("\"]=\"").append(String.join(" ", next)).append("\"\n"));
        sb.append(")\n_uictl_globals=\"").append(globals()).append("\"\n");
        sb.append("""
                _uictl() {
                  local cur="${COMP_WORDS[COMP_CWORD]}" path="" w i next
                  for ((i=1; i<COMP_CWORD; i++)); do
                    w="${COMP_WORDS[i]}"
                    [[ $w == -* ]] && continue
                    next="${path:+$path }$w"
                    [[ -n "${_uictl_words[$next]+x}" ]] && path="$next"
                  done
                  COMPREPLY=($(compgen -W "${_uictl_words[$path]} $_uictl_globals" -- "$cur"))
                }
                complete -F _uictl uictl
                """);
        return sb.toString();
    }

    static String zsh(CommandRegistry registry) {
        return "# uictl zsh completion; load with: source <(uictl completion zsh --text)\n"
                + "autoload -U +X bashcompinit && bashcompinit\n" + bash(registry).lines().skip(1)
                .reduce(new StringBuilder(), (b, l) -> b.append(l).append('\n'), StringBuilder::append);
    }

    static String fish(CommandRegistry registry) {
        StringBuilder sb = new StringBuilder("# uictl fish completion; load with: uictl completion fish --text | source\n");
        sb.append("complete -c uictl -f\n");
        for (String g : GlobalOption.ALL.stream().map(o -> o.name().substring(2)).toList()) {
            sb.append("complete -c uictl -l ").append(g).append('\n');
        }
        wordsByPath(registry).forEach((path, next) -> {
            String condition = path.isEmpty() ? "__fish_use_subcommand"
                    : "__fish_seen_subcommand_from " + path.substring(path.lastIndexOf(' ') + 1);
            for (String w : next) {
                sb.append("complete -c uictl -n '").append(condition).append("' ")
                        .append(w.startsWith("--") ? "-l " + w.substring(2) : "-a " + w).append('\n');
            }
        });
        return sb.toString();
    }
}
