package dev.uictl.x11.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class RequestBufferTest {
    @Test
    void finishPadsAndWritesTheLengthInWords() {
        ByteBuffer b = new RequestBuffer(0).core(16, 0).put16(5).put16(0).put(RequestBuffer.latin1("HELLO")).finish(65535);
        assertThat(b.remaining()).isEqualTo(16);
        assertThat(b.get(0)).isEqualTo((byte) 16);
        assertThat(b.getShort(2)).isEqualTo((short) 4);
        assertThat(b.get(13)).isZero();
    }

    @Test
    void extensionHeadersUseTheResolvedMajorOpcode() {
        ByteBuffer b = new RequestBuffer(140).extension(42).put32(7).finish(65535);
        assertThat(b.get(0) & 0xff).isEqualTo(140);
        assertThat(b.get(1)).isEqualTo((byte) 42);
        assertThatThrownBy(() -> new RequestBuffer(0).extension(1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void tooLongRequestsAreRefused() {
        RequestBuffer b = new RequestBuffer(0).core(18, 0).put(new byte[64]);
        assertThatThrownBy(() -> b.finish(8)).isInstanceOf(X11Exception.RequestTooLong.class);
    }
}
