package dev.uictl.vt.xterm;

import dev.uictl.vt.screen.Screen;

/**
 * A DCS string that asks for a report: its bytes are kept, up to a bound (nothing obliges a program to end the
 * string soon), and answered when the string ends.
 */
abstract sealed class DcsRequest permits StatusStringRequest, TermcapRequest {

    private final int maxLength;
    private final StringBuilder text = new StringBuilder();

    DcsRequest(int maxLength) {
        this.maxLength = maxLength;
    }

    final void put(int b) {
        if (text.length() < maxLength) text.append((char) b);
    }

    /** The string received so far. */
    final String text() {
        return text.toString();
    }

    abstract String reply(Screen screen);
}
