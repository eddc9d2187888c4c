package dev.uictl.x11.proto.core;

import dev.uictl.x11.wire.RequestBuffer;
import dev.uictl.x11.wire.VoidRequest;

/**
 * ConfigureWindow (12). {@code mask} selects which of x, y, width, height, border, sibling, stack mode (bits 0–6)
 * are given; {@code values} lists them in that order.
 */
public record ConfigureWindow(int window, int mask, int... values) implements VoidRequest {
    public static final int X = 1;
    public static final int Y = 2;
    public static final int WIDTH = 4;
    public static final int HEIGHT = 8;
    public static final int BORDER_WIDTH = 16;
    public static final int SIBLING = 32;
    public static final int STACK_MODE = 64;
    public static final int ABOVE = 0;

    public ConfigureWindow {
        if (Integer.bitCount(mask & 0x7f) != values.length || (mask & ~0x7f) != 0) {
            throw new IllegalArgumentException("mask 0x" + Integer.toHexString(mask) + " does not match "
                    + values.length + " values");
        }
    }

    public static ConfigureWindow moveResize(int window, int x, int y, int width, int height) {
        return new ConfigureWindow(window, X | Y | WIDTH | HEIGHT, x, y, width, height);
    }

    public static ConfigureWindow raise(int window) {
        return new ConfigureWindow(window, STACK_MODE, ABOVE);
    }

    @Override
    public void encode(RequestBuffer out) {
        out.core(12, 0).put32(window).put16(mask).put16(0);
        for (int v : values) {
            out.put32(v);
        }
    }
}
