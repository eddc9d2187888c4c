package dev.uictl.vt;

/**
 * Terminal modes a driver needs to know about.
 *
 * @param mouseTracking none | x10 | normal | button | any (modes 9, 1000, 1002, 1003)
 * @param mouseEncoding default | utf8 | sgr | urxvt (modes 1005, 1006, 1015)
 */
public record Modes(boolean applicationCursor, boolean applicationKeypad, boolean bracketedPaste,
                    String mouseTracking, String mouseEncoding,
                    boolean focusEvents, boolean autowrap, boolean originMode, boolean insertMode) {}
