package dev.uictl.vt.xterm;

import dev.uictl.vt.screen.Screen;

/** A DCS string that asks for a report: its bytes as they come, then the reply when the string ends. */
sealed interface DcsRequest permits StatusStringRequest, TermcapRequest {

    void put(int b);

    String reply(Screen screen);
}
