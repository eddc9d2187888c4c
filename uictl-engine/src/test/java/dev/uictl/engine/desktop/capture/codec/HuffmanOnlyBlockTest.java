package dev.uictl.engine.desktop.capture.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HuffmanOnlyBlockTest {
    private static final byte[] FINAL_EMPTY_STORED = {1, 0, 0, (byte) 0xFF, (byte) 0xFF};

    @ParameterizedTest(name = "{0} bytes, rows of {1}, {2}")
    @CsvSource({"1,1,uniform", "2,1,uniform", "7,3,uniform", "5761,5761,uniform", "100000,5761,skewed",
        "300000,1000,one-value", "200000,777,fibonacci"})
    void zlibInflatesTheBlockToTheBytesAndItEndsOnAByteBoundary(int length, int rowLength, String kind)
            throws DataFormatException {
        byte[] data = data(length, kind);
        byte[] prefix = {0x42};
        byte[] block = HuffmanOnlyBlock.write(data, length, rowLength, prefix, FINAL_EMPTY_STORED);

        assertThat(block[0]).isEqualTo((byte) 0x42);
        Inflater inflater = new Inflater(true);
        // Ours, then a final empty stored block: only valid if ours ended on a byte boundary.
        inflater.setInput(block, 1, block.length - 1);
        byte[] result = new byte[length + 16];
        int n = inflater.inflate(result);

        assertThat(inflater.finished()).isTrue();
        assertThat(inflater.getRemaining()).isZero();
        assertThat(Arrays.copyOf(result, n)).isEqualTo(data);
    }

    @Test
    void frequenciesThatWouldNeedLongerCodesAreCutToFifteenBitsAndStayComplete() {
        int[] frequencies = new int[257];
        int a = 1;
        int b = 1;
        for (int s = 0; s < 30; s++) { // Fibonacci frequencies make a Huffman code 29 bits deep
            frequencies[s] = a;
            int next = a + b;
            a = b;
            b = next;
        }
        int[] lengths = HuffmanOnlyBlock.codeLengths(frequencies);

        assertThat(Arrays.stream(lengths).max().orElseThrow()).isEqualTo(15);
        double kraft = Arrays.stream(lengths).filter(l -> l > 0).mapToDouble(l -> Math.pow(2, -l)).sum();
        assertThat(kraft).isEqualTo(1.0);
        assertThat(Arrays.stream(lengths, 30, 257).allMatch(l -> l == 0)).isTrue();
    }

    private static byte[] data(int length, String kind) {
        Random random = new Random(length);
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = switch (kind) {
                case "uniform" -> (byte) random.nextInt(256);
                case "skewed" -> (byte) (random.nextGaussian() * 3);
                case "one-value" -> 7;
                default -> (byte) fibonacciDistributed(random);
            };
        }
        return data;
    }

    /** Value v with probability ~2^-v: the rarest values need codes far longer than 15 bits. */
    private static int fibonacciDistributed(Random random) {
        int v = 0;
        while (v < 40 && random.nextBoolean()) {
            v++;
        }
        return v;
    }
}
