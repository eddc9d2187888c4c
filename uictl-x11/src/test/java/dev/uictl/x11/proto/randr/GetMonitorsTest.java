package dev.uictl.x11.proto.randr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.wire.Packets;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class GetMonitorsTest {
    @Test
    void decodesMonitorsWithTheirOutputs() {
        // timestamp, nMonitors=2, nOutputs=1, 3 pad words; monitor 1: name 0x1d0, primary, not automatic, 1 output,
        // 0,0 960x1080 254x286mm, output 0x42; monitor 2: name 0x1d1, automatic, 0 outputs, 960,0 960x1080 254x286mm
        ByteBuffer reply = Packets.reply(5, 0, 0x1234, 2, 1, 0, 0, 0,
                0x1d0, 0x0001_0001, 0, 0x0438_03c0, 254, 286, 0x42,
                0x1d1, 0x0000_0100, 0x0000_03c0, 0x0438_03c0, 254, 286);
        List<GetMonitors.Monitor> m = new GetMonitors(0x2a, true).decodeReply(reply);
        assertThat(m).hasSize(2);
        assertThat(m.get(0)).satisfies(a -> {
            assertThat(a.name()).isEqualTo(0x1d0);
            assertThat(a.primary()).isTrue();
            assertThat(a.automatic()).isFalse();
            assertThat(List.of(a.x(), a.y(), a.width(), a.height(), a.widthMm(), a.heightMm()))
                    .containsExactly(0, 0, 960, 1080, 254, 286);
            assertThat(a.outputs()).containsExactly(0x42);
        });
        assertThat(m.get(1)).satisfies(b -> {
            assertThat(b.primary()).isFalse();
            assertThat(b.automatic()).isTrue();
            assertThat(List.of(b.x(), b.width())).containsExactly(960, 960);
            assertThat(b.outputs()).isEmpty();
        });
    }
}
