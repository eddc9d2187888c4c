package dev.uictl.core.file;

import dev.uictl.core.error.ErrorCode;
import dev.uictl.core.error.UictlException;

/**
 * The one check for every user-supplied name that may become a file or directory name (desktops, sessions,
 * artifacts): 1-64 characters of {@code A-Z a-z 0-9 . _ -}, and never {@code .} or {@code ..}, so a name can
 * neither climb out of its directory nor point at the directory itself.
 */
public final class SafeName {
    public static final int MAX_LENGTH = 64;

    private SafeName() {
    }

    /** Returns {@code name} when it is safe, else fails with INVALID_ARGS naming {@code what} ("desktop name"). */
    public static String check(String what, String name) {
        if (!isSafe(name)) {
            throw UictlException.of(ErrorCode.INVALID_ARGS, what + " '" + name + "' must be 1-" + MAX_LENGTH
                            + " characters of A-Z a-z 0-9 . _ - and not . or ..")
                    .withHint("Choose a plain name such as `work` or `shell-1`.")
                    .withDetail("name", String.valueOf(name));
        }
        return name;
    }

    public static boolean isSafe(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_LENGTH || name.equals(".") || name.equals("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
