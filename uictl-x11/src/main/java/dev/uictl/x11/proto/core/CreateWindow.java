package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/**
 * CreateWindow (1). Depth 0 and visual 0 mean "copy from parent"; {@code windowClass} 0 copies, 1 InputOutput,
 * 2 InputOnly. {@code values} follow {@code valueMask} bit order (see {@link WindowAttribute}).
 */
public record CreateWindow(int depth, int window, int parent, int x, int y, int width, int height,
                           int borderWidth, int windowClass, int visual, int valueMask, int... values)
        implements VoidRequest {
    public static final int INPUT_OUTPUT = 1;
    public static final int INPUT_ONLY = 2;

    public CreateWindow {
        if (Integer.bitCount(valueMask) != values.length) {
            throw new IllegalArgumentException("value mask does not match " + values.length + " values");
        }
    }

    /** An InputOutput child of {@code parent} with the parent's depth and visual and the given event mask. */
    public static CreateWindow simple(int window, int parent, int x, int y, int width, int height, int eventMask) {
        return new CreateWindow(0, window, parent, x, y, width, height, 0, INPUT_OUTPUT, 0,
                WindowAttribute.EVENT_MASK, eventMask);
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(1, depth).put32(window).put32(parent).put16(x).put16(y).put16(width).put16(height)
                .put16(borderWidth).put16(windowClass).put32(visual).put32(valueMask);
        for (int v : values) {
            out.put32(v);
        }
    }
}
