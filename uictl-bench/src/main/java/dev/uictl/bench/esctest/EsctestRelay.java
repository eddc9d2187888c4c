package dev.uictl.bench.esctest;

import dev.uictl.vt.Terminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The terminal end of an in-band esctest2 run (bench/esctest.sh): what the program writes arrives on stdin and goes
 * into a {@link Terminal}; the terminal's replies (DSR, DECRQM, DECRQCRA, …) go out on stdout, back to the program.
 * esctest reads every cell through those replies, so the run measures the emulator as a program sees it.
 * Arguments: rows, columns.
 */
public final class EsctestRelay {

    private EsctestRelay() {}

    public static void main(String[] args) throws IOException {
        var terminal = new Terminal(Integer.parseInt(args[0]), Integer.parseInt(args[1]));
        OutputStream replies = System.out;
        terminal.onReply(bytes -> {
            try {
                replies.write(bytes);
                replies.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        InputStream output = System.in;
        byte[] buffer = new byte[65536];
        for (int n; (n = output.read(buffer)) > 0; ) terminal.write(buffer, 0, n);
    }
}
