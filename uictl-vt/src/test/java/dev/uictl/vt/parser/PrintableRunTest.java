package dev.uictl.vt.parser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PrintableRunTest {

    private static boolean printable(int b) {
        return b >= 0x20 && b < 0x7F;
    }

    @Test
    void stopsAtTheFirstNonPrintableByteWhateverItsValueAndPosition() {
        for (int position = 0; position < 20; position++) {
            for (int value = 0; value < 256; value++) {
                byte[] data = new byte[24];
                Arrays.fill(data, (byte) 'a');
                data[position] = (byte) value;
                int expected = printable(value) ? data.length : position;
                assertThat(PrintableRun.end(data, 0, data.length)).as("byte 0x%02x at %d", value, position).isEqualTo(expected);
            }
        }
    }

    @Test
    void bytesAfterTheFirstBadOneCannotMoveTheResult() {
        // 0x00 borrows and 0xFF carries into the next byte: a printable byte before them must still count.
        byte[][] cases = {{'a', 'b', 0x00, 0x20, 'c', 'd', 'e', 'f', 'g'}, {'a', 0x7E, (byte) 0xFF, 0x7F, 'c', 'd', 'e', 'f'},
            {0x1F, 0x20, 0x7E, 0x7F, (byte) 0x80, 'x', 'y', 'z'}, {' ', '~', ' ', '~', ' ', '~', ' ', 0x1B}};
        int[] expected = {2, 2, 0, 7};
        for (int k = 0; k < cases.length; k++) assertThat(PrintableRun.end(cases[k], 0, cases[k].length)).isEqualTo(expected[k]);
    }

    @Test
    void respectsTheBoundsOfTheSlice() {
        byte[] data = "\u001bhello, world of terminals\u001b".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(PrintableRun.end(data, 1, data.length)).isEqualTo(data.length - 1);
        assertThat(PrintableRun.end(data, 1, 5)).isEqualTo(5);
        assertThat(PrintableRun.end(data, 3, 3)).isEqualTo(3);
        assertThat(PrintableRun.end(data, 0, data.length)).isZero();
        for (int from = 1; from < data.length - 1; from++) {
            assertThat(PrintableRun.end(data, from, data.length)).isEqualTo(data.length - 1);
        }
    }

    @Test
    void agreesWithAByteAtATimeScanOnRandomData() {
        var random = new java.util.Random(7);
        for (int round = 0; round < 2000; round++) {
            byte[] data = new byte[random.nextInt(40)];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (random.nextInt(10) == 0 ? random.nextInt(256) : 0x20 + random.nextInt(0x5F));
            }
            int from = data.length == 0 ? 0 : random.nextInt(data.length);
            int expected = from;
            while (expected < data.length && printable(data[expected] & 0xFF)) expected++;
            assertThat(PrintableRun.end(data, from, data.length)).isEqualTo(expected);
        }
    }
}
