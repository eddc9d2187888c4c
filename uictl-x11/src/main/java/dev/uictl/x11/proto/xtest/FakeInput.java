package dev.uictl.x11.proto.xtest;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/**
 * XTestFakeInput (minor 2): the server processes a synthetic device event as if it came from the core keyboard
 * or pointer. {@code time} 0 means "now"; motion uses {@code root}, {@code x}, {@code y} (absolute when
 * {@code detail} is 0).
 */
public record FakeInput(Type type, int detail, int root, int x, int y) implements VoidRequest {

    /** Event types as numbered by the core protocol. */
    public enum Type {
        KEY_PRESS(2), KEY_RELEASE(3), BUTTON_PRESS(4), BUTTON_RELEASE(5), MOTION(6);

        private final int code;

        Type(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    public static FakeInput key(int keycode, boolean press) {
        return new FakeInput(press ? Type.KEY_PRESS : Type.KEY_RELEASE, keycode, 0, 0, 0);
    }

    public static FakeInput button(int button, boolean press) {
        return new FakeInput(press ? Type.BUTTON_PRESS : Type.BUTTON_RELEASE, button, 0, 0, 0);
    }

    /** Absolute pointer motion to ({@code x}, {@code y}) on the screen of {@code root}. */
    public static FakeInput motion(int root, int x, int y) {
        return new FakeInput(Type.MOTION, 0, root, x, y);
    }

    @Override
    public String extension() {
        return XTest.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(2).put8(type.code()).put8(detail).put16(0)
                .put32(0)          // time: CurrentTime
                .put32(root)
                .skip(8)
                .put16(x).put16(y)
                .skip(7)
                .put8(0);          // deviceid: the core device
    }
}
