package dev.uictl.core.registry;

/**
 * What calling a command does to the world, as MCP tool annotations state it (readOnlyHint, destructiveHint,
 * idempotentHint, openWorldHint). Agent hosts use them to decide which calls need a person's confirmation, so
 * every command declares them: start from the factory that names its effect and refine.
 *
 * @param readOnlyHint    changes nothing anywhere (observations, discovery)
 * @param destructiveHint may end or discard something (close a window, kill a program, clear the clipboard), or
 *                        reach a program as input that can do anything (a click, a key, a command line)
 * @param idempotentHint  repeating the call with the same arguments has no further effect
 * @param openWorldHint   reaches programs outside uictl (the desktop, terminal programs); false for uictl's own
 *                        state
 */
public record ToolAnnotations(boolean readOnlyHint, boolean destructiveHint, boolean idempotentHint,
                              boolean openWorldHint) {

    /** Observes the desktop or a program and changes nothing. */
    public static ToolAnnotations readOnly() {
        return new ToolAnnotations(true, false, true, true);
    }

    /** Changes state without destroying anything; repeating it repeats the effect (a click, typed text). */
    public static ToolAnnotations additive() {
        return new ToolAnnotations(false, false, false, true);
    }

    /** May end or discard something the caller cannot get back (a window, a process, clipboard contents). */
    public static ToolAnnotations destructive() {
        return new ToolAnnotations(false, true, false, true);
    }

    /** Repeating the call leaves the same state as calling it once (focus, move to x,y, set the clipboard). */
    public ToolAnnotations idempotent() {
        return new ToolAnnotations(readOnlyHint, destructiveHint, true, openWorldHint);
    }

    /** Touches only uictl itself (its registry, daemon or files it was asked to write), no outside program. */
    public ToolAnnotations closedWorld() {
        return new ToolAnnotations(readOnlyHint, destructiveHint, idempotentHint, false);
    }
}
