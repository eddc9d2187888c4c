package dev.uictl.commands.scenario;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code ROWSxCOLS} as exec and driver take it (2..1000 each, like term open). */
final class RunSize {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,4})x(\\d{1,4})");

    private RunSize() {
    }

    static int[] parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (m.matches()) {
            int rows = Integer.parseInt(m.group(1));
            int cols = Integer.parseInt(m.group(2));
            if (rows >= 2 && cols >= 2 && rows <= 1000 && cols <= 1000) {
                return new int[] {rows, cols};
            }
        }
        throw UictlException.of(ErrorCode.INVALID_ARGS, "--size must be ROWSxCOLS with 2..1000 each, got '" + text + "'")
                .withHint("Write it like `24x80`.").withDetail("value", text);
    }
}
