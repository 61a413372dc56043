package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.streamer.Message;
import org.hhfr.transports.netty.TransportMetrics.Counter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A UDP stream follows its client to a new local socket (a phone changing networks) over real sockets: the real
 * stream server behind a NAT that gives each client socket its own address toward the server.
 */
class AddressMigrationTest {
    private HhfrServerSide server;
    private NatUdpRelay nat;

    @BeforeEach
    void serve() throws Exception {
        server = HhfrServerSide.offering(HhfrUris.TRANSPORT_UDP);
        nat = new NatUdpRelay(server.udpPort());
        server.advertise(HhfrUris.TRANSPORT_UDP, nat.port());
    }

    @AfterEach
    void stop() {
        nat.close();
        server.close();
    }

    @Test
    @Timeout(60)
    void callsBeforeDuringAndAfterAMoveToANewSocketAreAnsweredOnceWithoutNegotiatingAgain() throws Exception {
        try (HhfrClient client = HhfrClient.builder(server.service().url()).negotiateOnOpen(true).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_UDP, session.mode());
            for (int i = 0; i < 5; i++) {
                assertEquals(i + 2f, session.call(Float.class, new float[] {i, 2f}));
            }
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 1f)));
            }
            // held in dispatch: its answer is due only after the move
            CompletableFuture<Message> held = session.callAsync(FloatSum.request(HhfrServerSide.HELD, 1f));

            nat.delayPathResponses(300);
            assertTrue(session.networkChanged());
            for (int i = 50; i < 100; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 1f)));
            }
            server.release();

            for (int i = 0; i < 100; i++) {
                assertEquals(i + 1f, calls.get(i).get(20, TimeUnit.SECONDS).record().floatValue("return"));
            }
            assertEquals(HhfrServerSide.HELD + 1f, held.get(20, TimeUnit.SECONDS).record().floatValue("return"));
            for (int i = 100; i < 120; i++) {
                assertEquals(i + 1f, session.call(Float.class, new float[] {i, 1f}));
            }
            assertEquals(Mode.HHFR_UDP, session.mode());
        }
        assertEquals(126, server.dispatched.get(), "every call ran exactly once");
        assertEquals(1, server.service().negotiations.get(), "no negotiation after the move");
        assertEquals(1, server.metrics().get(Counter.SESSIONS_OPENED), "the same stream went on");
        assertEquals(2, nat.mappings.size(), "the client's second socket has an address of its own");
        NatUdpRelay.Mapping moved = nat.mappings.get(1);
        assertNull(moved.usedBeforeValidation(),
                "the server sent the stream to the new address before the address answered its challenge");
        assertTrue(moved.countDown("[" + NatUdpRelay.PATH_CHALLENGE + "]") >= 1, "the new address was challenged");
        assertEquals(1, server.metrics().get(Counter.ADDRESS_CHANGES));
    }

    @Test
    @Timeout(60)
    void aClientDatagramSentFromAnotherSocketIsDeliveredButMovesNothing() throws Exception {
        try (HhfrClient client = HhfrClient.builder(server.service().url()).negotiateOnOpen(true).build();
             DatagramSocket third = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            Session session = client.open(FloatSum.operation());
            assertEquals(2f, session.call(Float.class, new float[] {1f, 1f}));
            third.setSoTimeout(500);

            // A replay of a datagram the server already had: refused before it could count as anything.
            byte[] replayed = nat.lastFromClient();
            third.send(new DatagramPacket(replayed, replayed.length, nat.server()));
            assertThrows(SocketTimeoutException.class, () -> third.receive(new DatagramPacket(new byte[2048], 2048)),
                    "the server answered a replayed datagram");

            // The client's next datagram, racing ahead from elsewhere: genuine and the newest, so its call runs,
            // and the other address is challenged (again while it stays silent) within three times what it
            // sent, and never sent the stream.
            nat.withholdNext();
            CompletableFuture<Message> call = session.callAsync(FloatSum.request(2f, 1f));
            byte[] raced = nat.withheld().poll(10, TimeUnit.SECONDS);
            assertNotNull(raced, "the client sent nothing");
            third.send(new DatagramPacket(raced, raced.length, nat.server()));
            assertEquals(3f, call.get(20, TimeUnit.SECONDS).record().floatValue("return"), "answered at the client");
            long received = 0;
            int challenges = 0;
            third.setSoTimeout(800);
            try {
                while (true) {
                    DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                    third.receive(packet);
                    received += packet.getLength();
                    challenges++;
                    assertEquals("[" + NatUdpRelay.PATH_CHALLENGE + "]", NatUdpRelay.frameTypes(
                            Arrays.copyOf(packet.getData(), packet.getLength())));
                }
            } catch (SocketTimeoutException done) {
                // nothing more
            }
            assertTrue(challenges >= 2, challenges + " challenges: an unanswered one is repeated");
            assertTrue(received <= 3L * raced.length, received + " bytes sent for " + raced.length + " received");
            for (int i = 0; i < 10; i++) {
                assertEquals(i + 1f, session.call(Float.class, new float[] {i, 1f}));
            }
        }
        assertEquals(0, server.metrics().get(Counter.ADDRESS_CHANGES));
        assertTrue(server.metrics().get(Counter.DATAGRAMS_DROPPED_REPLAYED) >= 1);
        assertEquals(12, server.dispatched.get(), "every call ran exactly once");
        assertEquals(1, nat.mappings.size());
    }
}
