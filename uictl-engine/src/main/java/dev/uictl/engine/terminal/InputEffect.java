package dev.uictl.engine.terminal;

import dev.uictl.core.schema.Describe;
import dev.uictl.core.schema.Nullable;

/**
 * Whether input changed the screen, and when it did not, what the kernel says about why; also when it did only because
 * the terminal echoed it (canonical mode) while the program has not read it.
 */
@Describe("Whether the input changed the screen and, when the program may not have it, why (so input is never lost "
        + "silently)")
public record InputEffect(
        @Describe("The rows' text or style (colours, reverse, bold…) or the cursor differ from the screen before "
                + "the input") boolean screenChanged,
        @Nullable @Describe("input_not_read (the bytes still wait in the terminal's input queue; with the screen "
                + "changed, the terminal echoed them itself and the program is stopped or busy); when unchanged also "
                + "program_starting (it has drawn nothing yet; early input may be discarded when it sets up the "
                + "terminal), program_busy (it runs without reading), no_visible_effect (it read the input and "
                + "showed nothing, e.g. no echo), program_ended") String reason,
        @Nullable @Describe("Bytes still unread in the terminal's input queue; null when it could not be read")
        Integer unreadBytes) {
    static final InputEffect CHANGED = new InputEffect(true, null, null);

    /** The terminal echoed the input (canonical mode with echo) but the program has not read it. */
    static InputEffect echoedNotRead(int unreadBytes) {
        return new InputEffect(true, "input_not_read", unreadBytes);
    }

    static InputEffect unchanged(String reason, int unreadBytes) {
        return new InputEffect(false, reason, unreadBytes < 0 ? null : unreadBytes);
    }

    /** One sentence for a person or an agent, null when the screen changed and the program read the input. */
    public String warning() {
        if (reason == null) {
            return null;
        }
        if (screenChanged) {
            return "the terminal echoed the input, but " + unreadBytes + " input bytes are still unread (the program "
                    + "is stopped or busy and not reading its terminal)";
        }
        return switch (reason) {
            case "input_not_read" -> "the screen did not change: " + unreadBytes + " input bytes are still unread "
                    + "(the program is not reading its terminal)";
            case "program_starting" -> "the screen did not change: the program has drawn nothing yet and may still be "
                    + "starting (input sent now can be discarded); wait for its prompt with `term wait`";
            case "program_busy" -> "the screen did not change: the program is busy and has not shown the input yet";
            case "program_ended" -> "the screen did not change: the program has ended";
            default -> "the screen did not change: the program read the input without showing anything";
        };
    }
}
