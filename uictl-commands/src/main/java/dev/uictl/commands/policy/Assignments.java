package dev.uictl.commands.policy;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code NAME=value} options ({@code --env}, {@code --env-set}) read into a map, in order; later entries win. */
public final class Assignments {
    private Assignments() {
    }

    public static Map<String, String> parse(List<String> entries, String flag, String example) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw UictlException.of(ErrorCode.INVALID_ARGS, "--" + flag + " needs NAME=value, got '" + entry + "'")
                        .withHint("Write it like `--" + flag + " " + example + "`.").withDetail(flag.replace('-', '_'), entry);
            }
            out.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        return out;
    }
}
