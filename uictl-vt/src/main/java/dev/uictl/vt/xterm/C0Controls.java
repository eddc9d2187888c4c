package dev.uictl.vt.xterm;

import dev.uictl.vt.screen.Screen;

/** C0 control characters (tmux input_c0_dispatch). Unlisted controls (NUL, ENQ, …) are ignored, as terminals do. */
final class C0Controls {

    private C0Controls() {}

    static void execute(int control, Screen screen, Host host) {
        switch (control) {
            case 0x07 -> host.bell();
            case 0x08 -> screen.backspace();
            case 0x09 -> screen.tab();
            case 0x0A, 0x0B, 0x0C -> {
                if (screen.modes().newLineMode) screen.nextLine();
                else screen.lineFeed();
            }
            case 0x0D -> screen.carriageReturn();
            case 0x0E -> screen.shiftOut();
            case 0x0F -> screen.shiftIn();
            default -> { }
        }
    }
}
