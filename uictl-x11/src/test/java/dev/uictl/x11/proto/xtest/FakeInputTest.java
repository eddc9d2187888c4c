package dev.uictl.x11.proto.xtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Byte layouts from the XTEST protocol specification (xtestproto: xXTestFakeInputReq is 36 bytes). */
class FakeInputTest {
    private static ByteBuffer encode(dev.uictl.x11.wire.Request<?> r) {
        RequestBuffer out = new RequestBuffer(140);
        r.encode(out);
        return out.finish(65535);
    }

    @Test
    void motionIsNineWordsWithRootAndPosition() {
        ByteBuffer b = encode(FakeInput.motion(0x50d, 300, -2));
        assertThat(b.remaining()).isEqualTo(36);
        assertThat(b.get(0) & 0xff).isEqualTo(140);
        assertThat(b.get(1)).isEqualTo((byte) 2);
        assertThat(b.getShort(2)).isEqualTo((short) 9);
        assertThat(b.get(4)).isEqualTo((byte) 6);
        assertThat(b.get(5)).isZero();
        assertThat(b.getInt(8)).isZero();
        assertThat(b.getInt(12)).isEqualTo(0x50d);
        assertThat(b.getShort(24)).isEqualTo((short) 300);
        assertThat(b.getShort(26)).isEqualTo((short) -2);
        assertThat(b.get(35)).isZero();
    }

    @Test
    void keysAndButtonsCarryTheirDetail() {
        ByteBuffer key = encode(FakeInput.key(38, true));
        assertThat(key.get(4)).isEqualTo((byte) 2);
        assertThat(key.get(5) & 0xff).isEqualTo(38);
        ByteBuffer release = encode(FakeInput.button(3, false));
        assertThat(release.get(4)).isEqualTo((byte) 5);
        assertThat(release.get(5)).isEqualTo((byte) 3);
    }

    @Test
    void getVersionAsksForTwoPointTwo() {
        ByteBuffer b = encode(GetVersion.current());
        assertThat(b.remaining()).isEqualTo(8);
        assertThat(b.get(1)).isZero();
        assertThat(b.get(4)).isEqualTo((byte) 2);
        assertThat(b.getShort(6)).isEqualTo((short) 2);
    }
}
