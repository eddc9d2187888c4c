package dev.uictl.protocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Reads and writes {@link Frame}s; a malformed frame is a {@link ProtocolException}. */
public final class FrameCodec {
    /** Larger frames are refused so a confused peer cannot make us allocate without bound. */
    public static final int MAX_PAYLOAD = 16 << 20;

    private FrameCodec() {
    }

    // The length is packed and unpacked by hand rather than with writeInt/readInt: those go through
    // jdk.internal.util.ByteArray, whose first use builds six VarHandles, ~2 ms of every Java client start.

    public static void write(DataOutputStream out, Frame frame) throws IOException {
        byte[] payload = frame.payload();
        int n = payload.length;
        out.write(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n, frame.tag()});
        out.write(payload);
    }

    /** The next frame, or null at a clean end of stream between frames. */
    public static Frame read(DataInputStream in) throws IOException {
        byte[] prefix = new byte[4];
        if (in.readNBytes(prefix, 0, 4) < 4) {
            return null;
        }
        int length = ((prefix[0] & 0xff) << 24) | ((prefix[1] & 0xff) << 16) | ((prefix[2] & 0xff) << 8)
                | (prefix[3] & 0xff);
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new ProtocolException("frame length " + length + " out of range");
        }
        byte tag = in.readByte();
        byte[] payload = in.readNBytes(length);
        if (payload.length != length) {
            throw new EOFException("truncated frame");
        }
        return decode(tag, payload);
    }

    static Frame decode(byte tag, byte[] p) throws ProtocolException {
        return switch (tag) {
            case 'V' -> hello(text(p));
            case 'A' -> new Frame.Arg(text(p));
            case 'E' -> new Frame.Env(text(p));
            case 'D' -> new Frame.Cwd(text(p));
            case 'T' -> {
                expectLength(tag, p, 3);
                yield new Frame.Tty(p[0] != 0, p[1] != 0, p[2] != 0);
            }
            case 'C' -> new Frame.Run();
            case 'K' -> new Frame.Control(text(p));
            case '0' -> new Frame.StdinData(p);
            case '.' -> new Frame.StdinEof();
            case '1' -> new Frame.Stdout(p);
            case '2' -> new Frame.Stderr(p);
            case 'S' -> new Frame.SendStdin(text(p).equals("raw"));
            case 'X' -> {
                expectLength(tag, p, 4);
                yield new Frame.Exit(((p[0] & 0xff) << 24) | ((p[1] & 0xff) << 16) | ((p[2] & 0xff) << 8)
                        | (p[3] & 0xff));
            }
            case 'M' -> {
                String t = text(p);
                int space = t.indexOf(' ');
                yield new Frame.VersionMismatch(t.substring(space + 1),
                        Frame.Reaction.of(space < 0 ? "" : t.substring(0, space)));
            }
            default -> throw new ProtocolException("unknown frame tag 0x" + Integer.toHexString(tag & 0xff));
        };
    }

    private static Frame.Hello hello(String text) throws ProtocolException {
        int space = text.indexOf(' ');
        if (space < 0) {
            throw new ProtocolException("malformed hello '" + text + "'");
        }
        if (!text.substring(0, space).equals(Integer.toString(Frame.PROTOCOL))) {
            throw new ProtocolException("protocol revision " + text.substring(0, space) + " is not "
                    + Frame.PROTOCOL);
        }
        String rest = text.substring(space + 1);
        int home = rest.indexOf(' ');
        return home < 0 ? new Frame.Hello(rest, null)
                : new Frame.Hello(rest.substring(0, home), rest.substring(home + 1));
    }

    private static void expectLength(byte tag, byte[] p, int n) throws ProtocolException {
        if (p.length != n) {
            throw new ProtocolException("frame '" + (char) tag + "' needs " + n + " bytes, got " + p.length);
        }
    }

    private static String text(byte[] p) {
        return new String(p, StandardCharsets.UTF_8);
    }
}
