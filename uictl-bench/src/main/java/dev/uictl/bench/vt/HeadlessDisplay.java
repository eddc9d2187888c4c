package dev.uictl.bench.vt;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalSelection;

/** JediTerm without a UI: the emulator's display callbacks do nothing (research/java-pty-vt.md §2c). */
final class HeadlessDisplay implements TerminalDisplay {
    private String title = "";

    @Override public void setCursor(int x, int y) {}
    @Override public void setCursorShape(CursorShape shape) {}
    @Override public void beep() {}
    @Override public void scrollArea(int top, int height, int dy) {}
    @Override public void setCursorVisible(boolean visible) {}
    @Override public void useAlternateScreenBuffer(boolean alternate) {}
    @Override public String getWindowTitle() { return title; }
    @Override public void setWindowTitle(String title) { this.title = title; }
    @Override public TerminalSelection getSelection() { return null; }
    @Override public void terminalMouseModeSet(MouseMode mode) {}
    @Override public void setMouseFormat(MouseFormat format) {}
    @Override public boolean ambiguousCharsAreDoubleWidth() { return false; }
}
