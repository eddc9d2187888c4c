package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RepeatedRowBlockTest {

    @ParameterizedTest(name = "{0} rows of 1 + {1} zeros")
    @CsvSource({"1,0", "1,1", "1,2", "1,3", "3,257", "2,258", "2,259", "2,260", "2,261", "5,516", "7,5760", "1,100000"})
    void zlibInflatesTheBlockToTheRowsAndStaysByteAligned(int rows, int zeros) throws DataFormatException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RepeatedRowBlock.write(out, rows, 2, zeros);
        // A final empty stored block after ours: only valid if ours ended on a byte boundary.
        out.writeBytes(new byte[] {1, 0, 0, (byte) 0xFF, (byte) 0xFF});

        Inflater inflater = new Inflater(true);
        inflater.setInput(out.toByteArray());
        byte[] result = new byte[rows * (1 + zeros) + 16];
        int n = inflater.inflate(result);

        assertThat(inflater.finished()).isTrue();
        assertThat(n).isEqualTo(rows * (1 + zeros));
        for (int r = 0; r < rows; r++) {
            assertThat(result[r * (1 + zeros)]).isEqualTo((byte) 2);
            for (int i = 1; i <= zeros; i++) {
                if (result[r * (1 + zeros) + i] != 0) {
                    throw new AssertionError("non-zero byte in row " + r + " at " + i);
                }
            }
        }
    }
}
