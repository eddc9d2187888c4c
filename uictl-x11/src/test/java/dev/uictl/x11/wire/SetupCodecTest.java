package dev.uictl.x11.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class SetupCodecTest {
    @Test
    void encodesTheRequestWithPaddedAuthorization() {
        ByteBuffer b = SetupCodec.request("MIT-MAGIC-COOKIE-1", new byte[16]);
        assertThat(b.remaining()).isEqualTo(12 + 20 + 16);
        assertThat(b.get(0)).isEqualTo((byte) 'l');
        assertThat(b.order(ByteOrder.LITTLE_ENDIAN).getShort(2)).isEqualTo((short) 11);
        assertThat(b.getShort(6)).isEqualTo((short) 18);
        assertThat(b.getShort(8)).isEqualTo((short) 16);
        assertThat(SetupCodec.request("", new byte[0]).remaining()).isEqualTo(12);
    }

    @Test
    void decodesScreensFormatsAndLimits() {
        Setup s = SetupCodec.decode(":9", Packets.setupReply(0x123, 1920, 1080));
        assertThat(s.vendor()).isEqualTo("Fixture");
        assertThat(s.resourceIdBase()).isEqualTo(0x00400000);
        assertThat(s.resourceIdMask()).isEqualTo(0x001fffff);
        assertThat(s.maxRequestLength()).isEqualTo(65535);
        assertThat(s.minKeycode()).isEqualTo(8);
        assertThat(s.maxKeycode()).isEqualTo(255);
        assertThat(s.formats()).containsExactly(new Setup.PixmapFormat(24, 32, 32));
        Setup.Screen screen = s.screens().getFirst();
        assertThat(screen.root()).isEqualTo(0x123);
        assertThat(screen.widthPx()).isEqualTo(1920);
        assertThat(screen.heightPx()).isEqualTo(1080);
        assertThat(screen.rootDepth()).isEqualTo(24);
        assertThat(screen.depths().getFirst().visuals().getFirst().redMask()).isEqualTo(0xff0000);
    }

    @Test
    void refusalCarriesTheServerReason() {
        assertThatThrownBy(() -> SetupCodec.decode(":9", Packets.setupRefused("No protocol specified")))
                .isInstanceOf(X11Exception.ConnectFailed.class)
                .hasMessageContaining("No protocol specified").hasMessageContaining(":9");
    }
}
