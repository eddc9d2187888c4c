package dev.uictl.vt;

/** Cursor position, 0-based, and whether the program shows it (DECTCEM). */
public record Cursor(int row, int col, boolean visible) {}
