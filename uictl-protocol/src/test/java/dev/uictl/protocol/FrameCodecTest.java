package dev.uictl.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameCodecTest {

    @Test
    void everyFrameSurvivesTheRoundTrip() throws IOException {
        List<Frame> frames = List.of(new Frame.Hello("20261123-abc", null),
                new Frame.Hello("20261123-abd", "/home/me/uictl checkout"), new Frame.Arg("héllo wörld"),
                new Frame.Env("PATH=/bin:/usr/bin"), new Frame.Cwd("/tmp/x y"), new Frame.Tty(true, false, true),
                new Frame.Run(), new Frame.Control("status"), new Frame.StdinEof(), new Frame.SendStdin(true),
                new Frame.SendStdin(false), new Frame.Exit(0), new Frame.Exit(130), new Frame.Exit(-1),
                new Frame.Exit(Integer.MIN_VALUE), new Frame.VersionMismatch("b2", Frame.Reaction.STOPPING),
                new Frame.VersionMismatch("b3", Frame.Reaction.RUNNING),
                new Frame.VersionMismatch("b4", Frame.Reaction.KEEPING));

        DataInputStream in = stream(encode(frames.toArray(Frame[]::new)));

        for (Frame expected : frames) {
            assertThat(FrameCodec.read(in)).isEqualTo(expected);
        }
        assertThat(FrameCodec.read(in)).isNull();
    }

    @Test
    void byteFramesKeepTheirBytes() throws IOException {
        byte[] all = new byte[256];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }

        DataInputStream in = stream(encode(new Frame.Stdout(all), new Frame.Stderr(new byte[0]),
                new Frame.StdinData(all)));

        assertThat(((Frame.Stdout) FrameCodec.read(in)).bytes()).isEqualTo(all);
        assertThat(((Frame.Stderr) FrameCodec.read(in)).bytes()).isEmpty();
        assertThat(((Frame.StdinData) FrameCodec.read(in)).bytes()).isEqualTo(all);
    }

    @Test
    void theLengthIsABigEndianPrefixBeforeTheTag() throws IOException {
        byte[] payload = new byte[0x010203];

        byte[] wire = encode(new Frame.Stdout(payload));

        assertThat(Arrays.copyOf(wire, 5)).containsExactly(0x00, 0x01, 0x02, 0x03, '1');
        assertThat(wire).hasSize(5 + payload.length);
        assertThat(((Frame.Stdout) FrameCodec.read(stream(wire))).bytes()).hasSize(0x010203);
    }

    @Test
    void anEndOfStreamInsideTheLengthIsTheCleanEnd() throws IOException {
        assertThat(FrameCodec.read(stream(new byte[0]))).isNull();
        assertThat(FrameCodec.read(stream(new byte[] {0, 0}))).isNull();
    }

    @Test
    void aFrameCutAfterItsLengthIsTruncated() {
        byte[] wire = encode(new Frame.Arg("abcdef"));

        assertThatThrownBy(() -> FrameCodec.read(stream(Arrays.copyOf(wire, 4)))).isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> FrameCodec.read(stream(Arrays.copyOf(wire, wire.length - 1))))
                .isInstanceOf(EOFException.class).hasMessage("truncated frame");
    }

    @Test
    void refusesLengthsOutOfRangeBeforeAllocating() {
        byte[] negative = {(byte) 0x80, 0, 0, 0, '1'};
        byte[] huge = {0x01, 0, 0, 1, '1'};

        assertThatThrownBy(() -> FrameCodec.read(stream(negative))).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> FrameCodec.read(stream(huge))).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("out of range");
    }

    @Test
    void refusesUnknownTagsAndMalformedPayloads() {
        assertThatThrownBy(() -> FrameCodec.read(stream(new byte[] {0, 0, 0, 0, 'Z'})))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("unknown frame tag 0x5a");
        assertThatThrownBy(() -> FrameCodec.read(stream(new byte[] {0, 0, 0, 2, 'X', 0, 1})))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("needs 4 bytes");
        assertThatThrownBy(() -> FrameCodec.read(stream(new byte[] {0, 0, 0, 3, 'V', '9', ' ', 'b'})))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("protocol revision 9");
    }

    private static byte[] encode(Frame... frames) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            for (Frame f : frames) {
                FrameCodec.write(out, f);
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return bytes.toByteArray();
    }

    private static DataInputStream stream(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }
}
