package dev.uictl.x11.wire;

import java.nio.ByteBuffer;

/** An X error packet: {@code code} (e.g. 3 = BadWindow), the failed request's sequence and opcodes. */
public record XError(int code, long sequence, int badValue, int majorOpcode, int minorOpcode) {
    private static final String[] CORE_NAMES = {"Success", "BadRequest", "BadValue", "BadWindow", "BadPixmap",
            "BadAtom", "BadCursor", "BadFont", "BadMatch", "BadDrawable", "BadAccess", "BadAlloc", "BadColor",
            "BadGC", "BadIDChoice", "BadName", "BadLength", "BadImplementation"};

    public static final int BAD_WINDOW = 3;
    public static final int BAD_MATCH = 8;
    public static final int BAD_DRAWABLE = 9;
    public static final int BAD_ACCESS = 10;
    public static final int BAD_VALUE = 2;

    /** Decodes a 32-byte error packet whose 16-bit sequence has already been widened to {@code sequence}. */
    static XError decode(ByteBuffer packet, long sequence) {
        return new XError(packet.get(1) & 0xff, sequence, packet.getInt(4), packet.get(10) & 0xff,
                packet.getShort(8) & 0xffff);
    }

    public String name() {
        return code < CORE_NAMES.length ? CORE_NAMES[code] : "error " + code;
    }

    public String describe() {
        return "X error " + name() + " (" + code + ") on request " + majorOpcode + "." + minorOpcode
                + ", value 0x" + Integer.toHexString(badValue) + ", sequence " + sequence;
    }
}
