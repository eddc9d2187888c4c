package dev.uictl.x11.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The connection handshake as pure functions: the setup request bytes and the parsed setup reply. */
public final class SetupCodec {
    /** Every reply starts with an 8-byte prefix whose u16 at 6 is the remaining length in words. */
    public static final int PREFIX = 8;

    private SetupCodec() {
    }

    /** Little-endian setup request for protocol 11.0 with an optional authorization (name and data may be empty). */
    public static ByteBuffer request(String authName, byte[] authData) {
        byte[] name = authName.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(12 + Wire.pad4(name.length) + Wire.pad4(authData.length))
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'l').put((byte) 0).putShort((short) 11).putShort((short) 0)
                .putShort((short) name.length).putShort((short) authData.length).putShort((short) 0);
        b.put(name).position(12 + Wire.pad4(name.length));
        b.put(authData).position(b.capacity());
        return b.flip();
    }

    /** Bytes that follow the 8-byte prefix. */
    public static int remainingLength(ByteBuffer prefix) {
        return (prefix.order(ByteOrder.LITTLE_ENDIAN).getShort(6) & 0xffff) * 4;
    }

    /**
     * Parses the whole reply (prefix + rest). A refusal (status 0 = failed, 2 = authenticate) becomes
     * {@link X11Exception.ConnectFailed} carrying the server's reason.
     */
    public static Setup decode(String display, ByteBuffer reply) {
        ByteBuffer b = reply.order(ByteOrder.LITTLE_ENDIAN);
        int status = b.get(0) & 0xff;
        if (status == 0) {
            int reasonLength = b.get(1) & 0xff;
            throw new X11Exception.ConnectFailed(display,
                    "server refused: " + Wire.string(b, PREFIX, reasonLength, StandardCharsets.ISO_8859_1).strip(), null);
        }
        if (status == 2) {
            throw new X11Exception.ConnectFailed(display, "server requires further authentication: "
                    + Wire.string(b, PREFIX, b.limit() - PREFIX, StandardCharsets.ISO_8859_1).strip(), null);
        }
        if (status != 1) {
            throw new X11Exception.ConnectFailed(display, "unknown setup status " + status, null);
        }
        int major = b.getShort(2) & 0xffff;
        int minor = b.getShort(4) & 0xffff;
        int o = PREFIX;
        int vendorLength = b.getShort(o + 16) & 0xffff;
        int screenCount = b.get(o + 20) & 0xff;
        int formatCount = b.get(o + 21) & 0xff;
        String vendor = Wire.string(b, o + 32, vendorLength, StandardCharsets.ISO_8859_1);
        int p = o + 32 + Wire.pad4(vendorLength);
        List<Setup.PixmapFormat> formats = new ArrayList<>();
        for (int i = 0; i < formatCount; i++, p += 8) {
            formats.add(new Setup.PixmapFormat(b.get(p) & 0xff, b.get(p + 1) & 0xff, b.get(p + 2) & 0xff));
        }
        List<Setup.Screen> screens = new ArrayList<>();
        for (int i = 0; i < screenCount; i++) {
            int depthCount = b.get(p + 39) & 0xff;
            int screenStart = p;
            p += 40;
            List<Setup.Depth> depths = new ArrayList<>();
            for (int d = 0; d < depthCount; d++) {
                int depth = b.get(p) & 0xff;
                int visualCount = b.getShort(p + 2) & 0xffff;
                p += 8;
                List<Setup.Visual> visuals = new ArrayList<>();
                for (int v = 0; v < visualCount; v++, p += 24) {
                    visuals.add(new Setup.Visual(b.getInt(p), b.get(p + 4) & 0xff, b.get(p + 5) & 0xff,
                            b.getShort(p + 6) & 0xffff, b.getInt(p + 8), b.getInt(p + 12), b.getInt(p + 16)));
                }
                depths.add(new Setup.Depth(depth, List.copyOf(visuals)));
            }
            int s = screenStart;
            screens.add(new Setup.Screen(b.getInt(s), b.getInt(s + 4), b.getInt(s + 8), b.getInt(s + 12),
                    b.getInt(s + 16), b.getShort(s + 20) & 0xffff, b.getShort(s + 22) & 0xffff,
                    b.getShort(s + 24) & 0xffff, b.getShort(s + 26) & 0xffff, b.getInt(s + 32), b.get(s + 38) & 0xff,
                    List.copyOf(depths)));
        }
        return new Setup(major, minor, vendor, b.getInt(o), b.getInt(o + 4), b.getInt(o + 8),
                b.getShort(o + 18) & 0xffff, b.get(o + 22) & 0xff, b.get(o + 23) & 0xff, b.get(o + 26) & 0xff,
                b.get(o + 27) & 0xff, List.copyOf(formats), List.copyOf(screens));
    }
}
