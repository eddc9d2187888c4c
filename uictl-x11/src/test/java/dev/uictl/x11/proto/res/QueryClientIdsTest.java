package dev.uictl.x11.proto.res;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.wire.Packets;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class QueryClientIdsTest {
    @Test
    void asksForThePidOfTheWindowsClient() {
        RequestBuffer b = new RequestBuffer(147);
        QueryClientIds.pidOf(0x400001).encode(b);
        ByteBuffer out = b.finish(65535);
        byte[] bytes = new byte[out.remaining()];
        out.get(bytes);
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("93040400" + "01000000" + "01004000" + "02000000");
    }

    @Test
    void decodesThePid() {
        // num_ids=1; spec {client 0x400000, mask 2}, length 4 bytes, value 4242
        ByteBuffer reply = Packets.reply(2, 0, 1, 0, 0, 0, 0, 0, 0x400000, 2, 4, 4242);
        assertThat(QueryClientIds.pid(QueryClientIds.pidOf(1).decodeReply(reply))).isEqualTo(4242);
        assertThat(QueryClientIds.pid(QueryClientIds.pidOf(1).decodeReply(Packets.reply(2, 0, 0, 0, 0, 0, 0, 0)))).isZero();
    }
}
