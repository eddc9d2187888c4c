package dev.uictl.x11.proto.keyboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class KeyboardRequestsTest {
    @Test
    void changeKeyboardMappingWritesCountFirstAndRows() {
        RequestBuffer out = new RequestBuffer(0);
        new ChangeKeyboardMapping(250, 2, new int[] {0xe9, 0xe9}).encode(out);
        ByteBuffer b = out.finish(65535);
        assertThat(b.get(0)).isEqualTo((byte) 100);
        assertThat(b.get(1)).isEqualTo((byte) 1);
        assertThat(b.getShort(2)).isEqualTo((short) 4);
        assertThat(b.get(4) & 0xff).isEqualTo(250);
        assertThat(b.get(5)).isEqualTo((byte) 2);
        assertThat(b.getInt(8)).isEqualTo(0xe9);
        assertThat(b.getInt(12)).isEqualTo(0xe9);
        assertThatThrownBy(() -> new ChangeKeyboardMapping(8, 2, new int[3])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keyboardMappingReplyDecodesRowsAndFindsEmptyKeycodes() {
        ByteBuffer reply = ByteBuffer.allocate(32 + 4 * 4).order(ByteOrder.LITTLE_ENDIAN);
        reply.put(0, (byte) 1).put(1, (byte) 2).putInt(4, 4);
        reply.putInt(32, 'a').putInt(36, 'A').putInt(40, 0).putInt(44, 0);
        KeyboardMapping m = new GetKeyboardMapping(38, 2).decodeReply(reply);
        assertThat(m.count()).isEqualTo(2);
        assertThat(m.keysym(38, 1)).isEqualTo('A');
        assertThat(m.isEmpty(39)).isTrue();
        assertThat(m.isEmpty(38)).isFalse();
        assertThat(m.with(39, new int[] {0xe9, 0xe9}).keysym(39, 0)).isEqualTo(0xe9);
        assertThat(m.keysym(40, 0)).isZero();
    }

    @Test
    void modifierMappingNamesTheModifierOfAKeycode() {
        ByteBuffer reply = ByteBuffer.allocate(32 + 16).order(ByteOrder.LITTLE_ENDIAN);
        reply.put(0, (byte) 1).put(1, (byte) 2).putInt(4, 4);
        reply.put(32, (byte) 50).put(36, (byte) 37);
        ModifierMapping m = new GetModifierMapping().decodeReply(reply);
        assertThat(m.modifierOf(50)).isEqualTo(ModifierMapping.SHIFT);
        assertThat(m.modifierOf(37)).isEqualTo(ModifierMapping.CONTROL);
        assertThat(m.modifierOf(0)).isEqualTo(-1);
        assertThat(m.modifierOf(99)).isEqualTo(-1);
    }
}
