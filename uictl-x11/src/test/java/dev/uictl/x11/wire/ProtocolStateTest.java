package dev.uictl.x11.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class ProtocolStateTest {
    /** A reply-bearing request answering with the u32 at offset 8. */
    record Echo() implements Request<Integer> {
        public void encode(RequestBuffer out) {
            out.core(43, 0);
        }

        public Integer decodeReply(ByteBuffer reply) {
            return reply.getInt(8);
        }
    }

    record Poke() implements VoidRequest {
        public void encode(RequestBuffer out) {
            out.core(8, 0).put32(1);
        }
    }

    private final ProtocolState state = new ProtocolState();

    @Test
    void repliesCompleteTheirRequestAndAcknowledgeEarlierVoidRequests() throws Exception {
        CompletableFuture<Void> poke = state.register(new Poke()).future();
        ProtocolState.Registered<Integer> echo = state.register(new Echo());
        assertThat(echo.sequence()).isEqualTo(2);

        assertThat(state.receive(Packets.reply(2, 0, 77))).isNull();

        assertThat(echo.future().get()).isEqualTo(77);
        assertThat(poke).isCompleted();
        assertThat(state.isPending(1)).isFalse();
    }

    @Test
    void errorsFailTheirRequestWithCodeAndOpcodes() {
        ProtocolState.Registered<Integer> echo = state.register(new Echo());
        state.receive(Packets.error((int) echo.sequence(), XError.BAD_WINDOW, 0xdead, 20, 0));

        assertThat(echo.future()).failsWithin(java.time.Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(X11Exception.Protocol.class, e -> {
                    assertThat(e.error().code()).isEqualTo(3);
                    assertThat(e.error().badValue()).isEqualTo(0xdead);
                    assertThat(e.error().majorOpcode()).isEqualTo(20);
                    assertThat(e.getMessage()).contains("BadWindow");
                });
    }

    @Test
    void sixteenBitSequencesAreWidenedAcrossTheWrap() throws Exception {
        for (int i = 0; i < 65_540; i++) {
            state.register(new Poke());
        }
        ProtocolState.Registered<Integer> late = state.register(new Echo());
        assertThat(late.sequence()).isEqualTo(65_541);
        state.receive(Packets.propertyNotify(65_000, 1, 2, false)); // last processed request: 65000
        state.receive(Packets.reply((int) (late.sequence() & 0xffff), 0, 5));

        assertThat(late.future().get()).isEqualTo(5);
        assertThat(state.isPending(65_540)).isFalse();
    }

    @Test
    void eventsAreDecodedAndSentEventsFlagged() {
        X11Event e = state.receive(Packets.propertyNotify(0, 0x400001, 39, true));
        assertThat(e).isEqualTo(new X11Event.PropertyNotify(false, 0x400001, 39, 1234, true));

        ByteBuffer sent = Packets.propertyNotify(0, 5, 6, false);
        sent.put(0, (byte) (28 | 0x80));
        assertThat(state.receive(sent).sent()).isTrue();

        ByteBuffer selectionNotify = Packets.propertyNotify(0, 5, 6, false);
        selectionNotify.put(0, (byte) 31);
        assertThat(state.receive(selectionNotify)).isInstanceOfSatisfying(X11Event.Raw.class,
                raw -> assertThat(raw.bytes()).hasSize(32));
    }

    @Test
    void closingFailsPendingAndLaterRequests() {
        CompletableFuture<Integer> pending = state.register(new Echo()).future();
        state.close(new X11Exception.ConnectionLost("gone", null));

        assertThat(pending).isCompletedExceptionally();
        assertThat(state.register(new Echo()).future()).isCompletedExceptionally();
    }
}
