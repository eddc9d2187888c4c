package dev.uictl.x11.proto.randr;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** RRGetMonitors (minor 42, RandR 1.5): the monitors of {@code window}'s screen. */
public record GetMonitors(int window, boolean activeOnly) implements Request<List<GetMonitors.Monitor>> {
    /** One monitor; {@code name} is an atom (resolve with GetAtomName). */
    public record Monitor(int name, boolean primary, boolean automatic, int x, int y, int width, int height,
                          int widthMm, int heightMm, int[] outputs) {
    }

    @Override
    public String extension() {
        return RandR.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(42).put32(window).put8(activeOnly ? 1 : 0).skip(3);
    }

    @Override
    public List<Monitor> decodeReply(ByteBuffer r) {
        int count = r.getInt(12);
        List<Monitor> monitors = new ArrayList<>(count);
        int p = 32;
        for (int i = 0; i < count; i++) {
            int outputCount = r.getShort(p + 6) & 0xffff;
            int[] outputs = new int[outputCount];
            for (int o = 0; o < outputCount; o++) {
                outputs[o] = r.getInt(p + 24 + 4 * o);
            }
            monitors.add(new Monitor(r.getInt(p), r.get(p + 4) != 0, r.get(p + 5) != 0, r.getShort(p + 8),
                    r.getShort(p + 10), r.getShort(p + 12) & 0xffff, r.getShort(p + 14) & 0xffff, r.getInt(p + 16),
                    r.getInt(p + 20), outputs));
            p += 24 + 4 * outputCount;
        }
        return List.copyOf(monitors);
    }
}
