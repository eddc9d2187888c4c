package dev.uictl.x11.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uictl.x11.proto.core.GetInputFocus;
import dev.uictl.x11.proto.core.InternAtom;
import dev.uictl.x11.proto.core.WindowRequest;
import dev.uictl.x11.wire.Packets;
import dev.uictl.x11.wire.X11Event;
import dev.uictl.x11.wire.X11Exception;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The connection's threading and failure behaviour against a scripted server. */
class X11ConnectionWireTest {
    private final FakeTransport server = new FakeTransport();

    private X11Connection connect() {
        server.serverSends(Packets.setupReply(0x2a, 800, 600));
        return X11Connection.handshake(":fake", server, 0, AuthCookie.NONE, Duration.ofSeconds(5));
    }

    @Test
    void pipelinedRepliesCompleteTheirCookies() {
        try (X11Connection c = connect()) {
            assertThat(c.root()).isEqualTo(0x2a);
            Cookie<Integer> a = c.send(new InternAtom("A", false));
            Cookie<Integer> b = c.send(new InternAtom("B", false));
            server.serverSends(Packets.reply(1, 0, 301));
            server.serverSends(Packets.reply(2, 0, 302));

            assertThat(b.reply()).isEqualTo(302);
            assertThat(a.reply()).isEqualTo(301);
            assertThat(server.written().get(1).get(0)).isEqualTo((byte) 16); // after the setup request
        }
    }

    @Test
    @SuppressWarnings("try")
    void aBatchLeavesInOneWriteAndWaitingInsideItWritesFirst() throws Exception {
        try (X11Connection c = connect()) {
            Cookie<Integer> first;
            try (X11Connection.Batch batch = c.batch()) {
                first = c.send(new InternAtom("A", false));
                c.send(new InternAtom("B", false));
                assertThat(server.written()).hasSize(1); // only the setup request so far
            }
            assertThat(server.written()).hasSize(2);
            assertThat(server.written().get(1).remaining()).isEqualTo(2 * 12);
            server.serverSends(Packets.reply(1, 0, 301));
            assertThat(first.reply()).isEqualTo(301);

            try (X11Connection.Batch batch = c.batch()) {
                Cookie<Integer> inside = c.send(new InternAtom("C", false));
                server.serverSends(Packets.reply(2, 0, 0));
                server.serverSends(Packets.reply(3, 0, 303));
                assertThat(inside.reply()).isEqualTo(303); // would hang if the batch held the request back
            }
        }
    }

    @Test
    void checkingAVoidRequestSyncsAndSurfacesItsError() throws Exception {
        try (X11Connection c = connect()) {
            Cookie<Void> map = c.send(WindowRequest.map(0x999));
            CompletableFuture<Void> checked = CompletableFuture.runAsync(map::check);
            TestDisplay.awaitCondition(() -> server.written().size() == 3); // setup, map, sync
            assertThat(server.written().get(2).get(0)).isEqualTo((byte) 43);
            server.serverSends(Packets.error(1, 3, 0x999, 8, 0));
            server.serverSends(Packets.reply(2, 0, 0, 0));

            assertThatThrownBy(checked::join).hasCauseInstanceOf(X11Exception.Protocol.class)
                    .hasMessageContaining("BadWindow");
        }
    }

    @Test
    void serverDeathFailsPendingCookiesAtOnceAndLaterSendsImmediately() {
        X11Connection c = connect();
        Cookie<GetInputFocus.Reply> pending = c.send(new GetInputFocus());
        server.serverCloses();

        assertThatThrownBy(() -> pending.reply(Duration.ofSeconds(30)))
                .isInstanceOf(X11Exception.ConnectionLost.class).hasMessageContaining(":fake");
        assertThat(c.closedFuture()).succeedsWithin(5, TimeUnit.SECONDS);
        assertThat(c.isOpen()).isFalse();
        assertThatThrownBy(() -> c.send(new GetInputFocus())).isInstanceOf(X11Exception.ConnectionLost.class);
        assertThat(server.isClosed()).isTrue();
    }

    @Test
    void silentServerTimesOutInsteadOfHanging() {
        try (X11Connection c = connect()) {
            assertThatThrownBy(() -> c.send(new GetInputFocus()).reply(Duration.ofMillis(50)))
                    .isInstanceOf(X11Exception.Timeout.class);
        }
    }

    @Test
    void aCancelledCallStopsWaitingForItsReplyAtOnce() throws Exception {
        try (X11Connection c = connect()) {
            AtomicBoolean cancelled = new AtomicBoolean();
            Cookie<?> cookie = c.send(new GetInputFocus());
            CompletableFuture<Throwable> waited = CompletableFuture.supplyAsync(() -> {
                try {
                    ReplyWaits.within(new ReplyWaits.Bound(cancelled::get, Long.MAX_VALUE),
                            () -> cookie.reply(Duration.ofSeconds(30)));
                    return null;
                } catch (X11Exception e) {
                    return e;
                }
            }, Thread::startVirtualThread);
            Thread.sleep(100); // the wait is under way (the reply never comes), then its caller goes away
            long cancelledAt = System.nanoTime();
            cancelled.set(true);
            assertThat(waited.get(5, TimeUnit.SECONDS)).isInstanceOf(X11Exception.Cancelled.class);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt)).isLessThan(1_000);
            // The connection is still usable for the next caller.
            Cookie<Integer> atom = c.send(new InternAtom("B", false));
            server.serverSends(Packets.reply(2, 0, 302));
            assertThat(atom.reply()).isEqualTo(302);
        }
    }

    @Test
    void aReplyWaitEndsAtTheCallsDeadlineBeforeTheReplyTimeout() {
        try (X11Connection c = connect()) {
            long start = System.nanoTime();
            long deadline = start + TimeUnit.MILLISECONDS.toNanos(200);
            assertThatThrownBy(() -> ReplyWaits.within(new ReplyWaits.Bound(() -> false, deadline),
                    () -> c.send(new GetInputFocus()).reply(Duration.ofSeconds(30))))
                    .isInstanceOf(X11Exception.Timeout.class).hasMessageContaining("deadline");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(150L, 5_000L);
        }
    }

    @Test
    void eventsReachSubscribersInOrderAndSubscriptionsEnd() throws Exception {
        try (X11Connection c = connect()) {
            java.util.List<X11Event> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            Subscription sub = c.subscribe(seen::add);
            server.serverSends(Packets.propertyNotify(0, 7, 1, false));
            server.serverSends(Packets.propertyNotify(0, 7, 2, false));
            TestDisplay.awaitCondition(() -> seen.size() == 2);
            sub.close();
            java.util.List<X11Event> probe = new java.util.concurrent.CopyOnWriteArrayList<>();
            c.subscribe(probe::add);
            server.serverSends(Packets.propertyNotify(0, 7, 3, false));
            TestDisplay.awaitCondition(() -> probe.size() == 1);
            assertThat(seen).extracting(e -> ((X11Event.PropertyNotify) e).atom()).containsExactly(1, 2);
        }
    }

    @Test
    void refusedSetupIsAConnectFailureAndClosesTheTransport() {
        server.serverSends(Packets.setupRefused("Authorization required"));
        assertThatThrownBy(() -> X11Connection.handshake(":fake", server, 0, AuthCookie.NONE, Duration.ofSeconds(5)))
                .isInstanceOf(X11Exception.ConnectFailed.class).hasMessageContaining("Authorization required");
        assertThat(server.isClosed()).isTrue();
    }

    @Test
    void resourceIdsComeFromTheGrantedRange() {
        try (X11Connection c = connect()) {
            int first = c.generateId();
            int second = c.generateId();
            assertThat(first & ~0x001fffff).isEqualTo(0x00400000);
            assertThat(second).isNotEqualTo(first);
        }
    }
}
