package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/** ChangeWindowAttributes (2): {@code values} in the bit order of {@code valueMask} (see {@link WindowAttribute}). */
public record ChangeWindowAttributes(int window, int valueMask, int... values) implements VoidRequest {
    public ChangeWindowAttributes {
        if (Integer.bitCount(valueMask) != values.length) {
            throw new IllegalArgumentException("value mask does not match " + values.length + " values");
        }
    }

    /** Selects the events this client receives for {@code window} (replaces this client's previous selection). */
    public static ChangeWindowAttributes eventMask(int window, int eventMask) {
        return new ChangeWindowAttributes(window, WindowAttribute.EVENT_MASK, eventMask);
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(2, 0).put32(window).put32(valueMask);
        for (int v : values) {
            out.put32(v);
        }
    }
}
