package dev.uictl.x11.proto.selection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.X11Event;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class SelectionEventTest {

    @Test
    void decodesSelectionRequestClearAndNotifyFromRawPackets() {
        assertThat(SelectionEvent.from(X11Event.decode(packet(30, 7, 0x100, 0x200, 1, 0x55, 0x66))))
                .contains(new SelectionEvent.Request(7, 0x100, 0x200, 1, 0x55, 0x66));
        assertThat(SelectionEvent.from(X11Event.decode(packet(29, 9, 0x100, 0x44))))
                .contains(new SelectionEvent.Clear(9, 0x100, 0x44));
        assertThat(SelectionEvent.from(X11Event.decode(packet(31 | 0x80, 3, 0x200, 1, 0x55, 0))))
                .contains(new SelectionEvent.Notify(3, 0x200, 1, 0x55, 0));
        assertThat(SelectionEvent.from(X11Event.decode(packet(28, 1, 2, 3)))).isEmpty();
    }

    @Test
    void aNotifySentBackRoundTripsThroughTheEventDecoder() {
        SelectionEvent.Notify notify = new SelectionEvent.Notify(11, 0x400001, 0x1E, 0x120, 0x121);
        RequestBuffer out = new RequestBuffer(0);
        notify.sendTo().encode(out);
        ByteBuffer request = out.finish(65535);

        assertThat(request.get(0)).isEqualTo((byte) 25); // SendEvent
        assertThat(request.getInt(4)).isEqualTo(0x400001); // destination: the requestor
        assertThat(request.getInt(8)).isZero(); // empty event mask: delivered to the window's creator
        byte[] event = new byte[32];
        request.get(12, event);
        assertThat(SelectionEvent.from(X11Event.decode(ByteBuffer.wrap(event).order(ByteOrder.LITTLE_ENDIAN))))
                .contains(notify);
    }

    @Test
    void obsoleteRequestorsWithoutPropertyGetTheTargetAsProperty() {
        assertThat(new SelectionEvent.Request(0, 1, 2, 3, 0x77, 0).effectiveProperty()).isEqualTo(0x77);
        assertThat(new SelectionEvent.Request(0, 1, 2, 3, 0x77, 0x88).effectiveProperty()).isEqualTo(0x88);
    }

    private static ByteBuffer packet(int code, int... words) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) code);
        for (int i = 0; i < words.length; i++) {
            b.putInt(4 + 4 * i, words[i]);
        }
        return b;
    }
}
