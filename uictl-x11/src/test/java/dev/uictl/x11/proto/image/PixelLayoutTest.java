package dev.uictl.x11.proto.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class PixelLayoutTest {

    @Test
    void littleEndianThirtyTwoBitRowsAreCopiedWithTheirScanlinePadding() {
        PixelLayout layout = new PixelLayout(24, 32, 32, false, 0xFF0000, 0xFF00, 0xFF);
        ByteBuffer data = ByteBuffer.wrap(new byte[] {
            0x33, 0x22, 0x11, 0x00, (byte) 0xCC, (byte) 0xBB, (byte) 0xAA, 0x00,
            0x03, 0x02, 0x01, 0x00, 0x0C, 0x0B, 0x0A, 0x00});
        int[] out = new int[4];

        layout.decode(data, 2, 2, out, 0);

        assertThat(out).containsExactly(0x112233, 0xAABBCC, 0x010203, 0x0A0B0C);
    }

    @Test
    void sixteenBitMostSignificantFirstIsScaledToEightBitChannels() {
        // RGB565, big endian, rows padded to 32 bits: one pixel of 2 bytes + 2 padding bytes per row.
        PixelLayout layout = new PixelLayout(16, 16, 32, true, 0xF800, 0x07E0, 0x001F);
        ByteBuffer data = ByteBuffer.wrap(new byte[] {(byte) 0xF8, 0x00, 0, 0, 0x07, (byte) 0xFF, 0, 0});
        int[] out = new int[2];

        layout.decode(data, 1, 2, out, 0);

        assertThat(out).containsExactly(0xFF0000, 0x00FFFF);
        assertThat(layout.bytesPerLine(1)).isEqualTo(4);
    }

    @Test
    void twentyFourBitPackedPixelsWithBgrMasks() {
        PixelLayout layout = new PixelLayout(24, 24, 32, false, 0xFF, 0xFF00, 0xFF0000);
        ByteBuffer data = ByteBuffer.wrap(new byte[] {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0, 0});
        int[] out = new int[2];

        layout.decode(data, 2, 1, out, 0);

        assertThat(out).containsExactly(0x112233 & 0xFFFFFF, 0x445566);
        assertThat(layout.isDirectRgb32()).isFalse();
    }
}
