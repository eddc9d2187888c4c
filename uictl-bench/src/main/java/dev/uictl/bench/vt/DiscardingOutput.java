package dev.uictl.bench.vt;

import com.techsenger.jeditermfx.core.TerminalOutputStream;

/** Where JediTerm's query replies go in the benchmark: nowhere (ours go to an unset, no-op reply consumer). */
final class DiscardingOutput implements TerminalOutputStream {
    @Override public void sendBytes(byte[] bytes, boolean userInput) {}
    @Override public void sendString(String string, boolean userInput) {}
}
