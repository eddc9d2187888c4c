package dev.uictl.vt.xterm;

import dev.uictl.vt.Cell;
import dev.uictl.vt.Cursor;
import dev.uictl.vt.ScreenSnapshot;
import dev.uictl.vt.Terminal;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Test vocabulary: a terminal fed with strings ({@code ESC} written as {@code \e} via {@link #esc}). */
final class Vt {

    final Terminal terminal;

    private Vt(int rows, int cols) {
        terminal = new Terminal(rows, cols);
    }

    static Vt of(int rows, int cols) {
        return new Vt(rows, cols);
    }

    /** Writes {@code text} with every {@code \e} replaced by ESC. */
    Vt write(String text) {
        terminal.write(esc(text).getBytes(StandardCharsets.UTF_8));
        return this;
    }

    static String esc(String text) {
        return text.replace("\\e", "\033");
    }

    /** Writes {@code input} and returns what the terminal answered the program. */
    String replyTo(String input) {
        var out = new ByteArrayOutputStream();
        terminal.onReply(out::writeBytes);
        write(input);
        return out.toString(StandardCharsets.UTF_8);
    }

    ScreenSnapshot snapshot() {
        return terminal.snapshot(true, 1000);
    }

    List<String> lines() {
        return snapshot().lines();
    }

    String line(int row) {
        return lines().get(row);
    }

    Cursor cursor() {
        return snapshot().cursor();
    }

    Cell cell(int row, int col) {
        return snapshot().cells().get(row).get(col);
    }

    List<String> scrollback() {
        return snapshot().scrollback();
    }

    /** A 4x8 screen of rows "abcdefgh", "ijklmnop", "qrstuvwx", "ABCDEFGH" (column operations show in each). */
    static Vt lettered() {
        return of(4, 8).write("abcdefgh\r\nijklmnop\r\nqrstuvwx\r\nABCDEFGH");
    }

    /** Writes "1\r\n2\r\n…n" so that row i shows i + 1. */
    Vt numbered(int n) {
        var sb = new StringBuilder();
        for (int i = 1; i <= n; i++) sb.append(i).append(i < n ? "\r\n" : "");
        return write(sb.toString());
    }
}
