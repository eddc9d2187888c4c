package dev.uictl.sandbox;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Environment variables a policy may never pass: those that make the dynamic loader, an interpreter or a shell load
 * or run code the policy did not name. The list is not exhaustive (no list can be); the sandbox's exec allowlist and
 * read view are what bound the damage, this refuses the well-known ways in.
 */
final class EnvRules {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
    private static final Set<String> DANGEROUS = Set.of("GCONV_PATH", "GETCONF_DIR", "HOSTALIASES", "LOCPATH",
            "NLSPATH", "RESOLV_HOST_CONF", "MALLOC_CONF", "MALLOC_TRACE", "GMON_OUT_PREFIX", "IFS",
            "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "PYTHONPATH", "PYTHONHOME",
            "PYTHONSTARTUP", "PYTHONINSPECT", "PERL5LIB", "PERLLIB", "PERL5OPT", "RUBYLIB", "RUBYOPT", "NODE_OPTIONS",
            "NODE_PATH", "CLASSPATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "LUA_PATH", "LUA_CPATH",
            "TCL_LIBRARY", "GIT_EXEC_PATH", "GIT_CONFIG_GLOBAL");
    /** Prefixes: every glibc loader variable, macOS dyld's, exported bash functions. */
    private static final Set<String> DANGEROUS_PREFIXES = Set.of("LD_", "DYLD_", "BASH_FUNC_");

    private EnvRules() {
    }

    static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    static boolean dangerous(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return DANGEROUS.contains(upper) || DANGEROUS_PREFIXES.stream().anyMatch(upper::startsWith);
    }
}
