package dev.uictl.x11.proto.res;

import dev.uictl.x11.wire.Request;
import dev.uictl.x11.wire.RequestBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * XResQueryClientIds (minor 4): for the client owning resource {@code client} (e.g. a window), the ids selected
 * by {@code mask} (1 = client XID, 2 = local process id).
 */
public record QueryClientIds(int client, int mask) implements Request<List<QueryClientIds.ClientId>> {
    public static final int CLIENT_XID = 1;
    public static final int LOCAL_CLIENT_PID = 2;

    public record ClientId(int client, int mask, int[] values) {
    }

    /** The process id of the client owning {@code window}. */
    public static QueryClientIds pidOf(int window) {
        return new QueryClientIds(window, LOCAL_CLIENT_PID);
    }

    @Override
    public String extension() {
        return XRes.NAME;
    }

    @Override
    public void encode(RequestBuffer out) {
        out.extension(4).put32(1).put32(client).put32(mask);
    }

    @Override
    public List<ClientId> decodeReply(ByteBuffer r) {
        int count = r.getInt(8);
        List<ClientId> ids = new ArrayList<>(count);
        int p = 32;
        for (int i = 0; i < count; i++) {
            int length = r.getInt(p + 8) / 4;
            int[] values = new int[length];
            for (int v = 0; v < length; v++) {
                values[v] = r.getInt(p + 12 + 4 * v);
            }
            ids.add(new ClientId(r.getInt(p), r.getInt(p + 4), values));
            p += 12 + 4 * length;
        }
        return List.copyOf(ids);
    }

    /** The pid in a reply to {@link #pidOf}, or 0 when the server does not know it (remote client). */
    public static int pid(List<ClientId> ids) {
        return ids.stream().filter(id -> (id.mask() & LOCAL_CLIENT_PID) != 0 && id.values().length > 0)
                .mapToInt(id -> id.values()[0]).findFirst().orElse(0);
    }
}
