package dev.uictl.sandbox;

/**
 * The sandbox the policy asks for cannot be set up here (bwrap missing, user namespaces off, Landlock or the exec
 * helper absent). Never answered by running unsandboxed; {@code hint} says what to run to fix it.
 */
public final class SandboxUnavailableException extends Exception {
    private final String hint;

    public SandboxUnavailableException(String message, String hint) {
        super(message);
        this.hint = hint;
    }

    public String hint() {
        return hint;
    }
}
