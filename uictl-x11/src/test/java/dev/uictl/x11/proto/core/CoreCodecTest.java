package dev.uictl.x11.proto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.wire.Packets;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Request bytes and reply parsing of the core requests, against layouts from the X11 protocol document. */
class CoreCodecTest {
    static String hex(dev.uictl.x11.wire.Request<?> r) {
        RequestBuffer b = new RequestBuffer(0);
        r.encode(b);
        ByteBuffer out = b.finish(65535);
        byte[] bytes = new byte[out.remaining()];
        out.get(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    @Test
    void requestsEncodeAsTheProtocolSays() {
        assertThat(hex(new InternAtom("WM_NAME", true))).isEqualTo("1001040007000000574d5f4e414d4500");
        assertThat(hex(GetProperty.of(0x400001, 39))).isEqualTo("1400060001004000270000000000000000000000" + "00001000");
        assertThat(hex(new TranslateCoordinates(0x400001, 0x2a, 0, 0))).isEqualTo("2800040001004000" + "2a000000" + "00000000");
        assertThat(hex(ConfigureWindow.moveResize(0x400001, 10, -20, 300, 200)))
                .isEqualTo("0c00070001004000" + "0f000000" + "0a000000" + "ecffffff" + "2c010000" + "c8000000");
        assertThat(hex(new GetInputFocus())).isEqualTo("2b000100");
        assertThat(hex(WindowRequest.killClient(0x400001))).isEqualTo("7100020001004000");
    }

    @Test
    void ewmhClientMessagesGoToTheRootWithRedirectMasks() {
        String bytes = hex(SendEvent.toWindowManager(0x2a, 0x400001, 300, 2, 0, 0));
        assertThat(bytes).startsWith("19000b00" + "2a000000" + "00001800"); // SendEvent, 11 words, root, masks
        assertThat(bytes.substring(24)).startsWith("2120" + "0000" + "01004000" + "2c010000" + "02000000");
    }

    @Test
    void getPropertyRepliesDecodeEveryFormat() {
        ByteBuffer reply = Packets.reply(3, 8, 31, 0, 12, 0, 0, 0, 0x72657478, 0x5458006d, 0x006d7265);
        PropertyValue v = new GetProperty(false, 1, Atom.WM_CLASS, 0, 0, 100).decodeReply(reply);
        assertThat(v.type()).isEqualTo(Atom.STRING);
        assertThat(v.strings(StandardCharsets.ISO_8859_1)).containsExactly("xterm", "XTerm");

        ByteBuffer list = Packets.reply(3, 32, Atom.WINDOW, 0, 2, 0, 0, 0, 0x400001, 0x600003);
        assertThat(GetProperty.of(1, 2).decodeReply(list).ints()).containsExactly(0x400001, 0x600003);

        ByteBuffer missing = Packets.reply(3, 0, 0, 0, 0, 0, 0, 0);
        PropertyValue none = GetProperty.of(1, 2).decodeReply(missing);
        assertThat(none.exists()).isFalse();
        assertThat(none.firstInt(-1)).isEqualTo(-1);
    }

    @Test
    void geometryAndTranslateRepliesAreSigned() {
        ByteBuffer g = Packets.reply(1, 24, 0x2a, 0xfff6_0005, 0x00c8_012c, 0x0001);
        assertThat(new GetGeometry(1).decodeReply(g)).isEqualTo(new GetGeometry.Reply(24, 0x2a, 5, -10, 300, 200, 1));
        ByteBuffer t = Packets.reply(1, 1, 0, 0xffff_ff9c);
        assertThat(new TranslateCoordinates(1, 2, 0, 0).decodeReply(t)).isEqualTo(new TranslateCoordinates.Reply(true, 0, -100, -1));
        ByteBuffer tree = Packets.reply(1, 0, 0x2a, 0, 2, 0, 0, 0, 0x400001, 0x600003);
        assertThat(new QueryTree(1).decodeReply(tree).children()).containsExactly(0x400001, 0x600003);
    }
}
