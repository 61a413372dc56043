package org.hhfr.transports.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.PathFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A UDP stream's first address is where its first datagram came from, which a datagram's tag does not prove: anyone
 * who negotiated a session holds its token and may name another's address as the source. Until the address answers
 * a challenge, the server sends it at most three times what came from it; a client that answers loses nothing but
 * the round trip of its first answer larger than that, and one whose answers fit is never challenged. A client that
 * shows the address token an earlier stream of the session got at its IP address is sent to at once. Each request
 * here asks for an answer of the size its body names.
 */
@Timeout(30)
class FirstAddressValidationTest {
    private static final int LARGE = 256 << 10;
    /** Three initial retransmission timeouts: how long an address has to answer a challenge. */
    private static final long PATH_TIMEOUT_MILLIS = 1_500;
    private static final InetAddress LOCAL = InetAddress.getLoopbackAddress();
    /** How long a test waits for what it expects, at most: the machine may be busy. */
    private static final long PATIENCE_MILLIS = 5_000;

    private final InMemoryContextStore store = TestSessions.store();
    private StreamServer server;

    @BeforeEach
    void start() throws Exception {
        server = serving(TestSessions.config().toBuilder().addressTokens(true).build());
    }

    private StreamServer serving(StreamServerConfig config) throws Exception {
        return StreamServer.start(store, StreamDispatcher.ofFunction(
                (session, message) -> new byte[ByteBuffer.wrap(message.payload()).getInt()]), config);
    }

    @AfterEach
    void stop() {
        server.close();
        store.close();
    }

    @Test
    void anAddressThatNeverAnswersGetsAtMostThreeTimesWhatCameFromIt() throws Exception {
        try (RawStream stream = new RawStream(udpGrant())) {
            int sent = stream.request(LARGE);
            List<Frame> frames = stream.receiveFor(2 * PATH_TIMEOUT_MILLIS);

            assertWithinTheLimit(stream, sent);
            assertTrue(frames.stream().anyMatch(frame -> frame.type() == FrameType.PATH_CHALLENGE), frames.toString());
        }
    }

    @Test
    void anAnswerWithinTheBudgetCostsNoChallenge() throws Exception {
        try (RawStream stream = new RawStream(udpGrant())) {
            stream.request(8);
            List<Frame> frames = stream.receiveFor(300);

            assertTrue(frames.stream().anyMatch(frame -> frame.type() == FrameType.DATA), frames.toString());
            assertFalse(frames.stream().anyMatch(frame -> frame.type() == FrameType.PATH_CHALLENGE),
                    frames.toString());
        }
    }

    @Test
    void aClientThatAnswersTheChallengeGetsALargeAnswerWhole() throws Exception {
        SessionGrant grant = udpGrant();
        try (NettyStreamClient client = TestSessions.udpClient(server, grant).connect()) {
            byte[] answer = client.call(ByteBuffer.allocate(4).putInt(LARGE).array()).get(10, TimeUnit.SECONDS);
            assertEquals(LARGE, answer.length);
        }
        assertEquals(0, server.metrics().get(TransportMetrics.Counter.ADDRESS_CHANGES), "validated where it was");
    }

    @Test
    void aReturningClientThatShowsItsAddressTokenIsSentToAtOnceWithoutAChallenge() throws Exception {
        SessionGrant grant = udpGrant();
        long token = tokenOfAFirstStream(grant);
        try (RawStream next = new RawStream(grant, StreamEpoch.FIRST + 1, LOCAL)) {
            int sent = next.request(LARGE, token);
            List<Frame> frames = next.receiveUntil(received -> next.received > 3L * sent + PathFrame.ENCODED_SIZE,
                    PATIENCE_MILLIS);

            assertTrue(next.received > 3L * sent, next.received + " bytes sent for " + sent);
            assertFalse(frames.stream().anyMatch(frame -> frame.type() == FrameType.PATH_CHALLENGE), frames.toString());
        }
        assertEquals(1, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED));
    }

    @Test
    void aTokenShownFromAnotherAddressIsNotHonoured() throws Exception {
        SessionGrant grant = udpGrant();
        long token = tokenOfAFirstStream(grant);
        try (RawStream elsewhere = new RawStream(grant, StreamEpoch.FIRST + 1, InetAddress.getByName("127.0.0.2"))) {
            int sent = elsewhere.request(LARGE, token);
            List<Frame> frames = elsewhere.receiveFor(2 * PATH_TIMEOUT_MILLIS);

            assertWithinTheLimit(elsewhere, sent);
            assertTrue(frames.stream().anyMatch(frame -> frame.type() == FrameType.PATH_CHALLENGE), frames.toString());
        }
        assertEquals(0, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED));
    }

    @Test
    void aForgedTokenIsNotHonoured() throws Exception {
        SessionGrant grant = udpGrant();
        long token = tokenOfAFirstStream(grant);
        assertNotHonoured(new RawStream(grant, StreamEpoch.FIRST + 1, LOCAL), token ^ 1);
    }

    @Test
    void aServerLeftAtItsDefaultGivesNoAddressTokenAndHonoursNone() throws Exception {
        SessionGrant grant = udpGrant();
        long token = tokenOfAFirstStream(grant);
        server.close();
        server = serving(TestSessions.config());
        try (RawStream first = new RawStream(grant, StreamEpoch.FIRST + 1, LOCAL)) {
            first.request(8);
            List<Frame> frames = first.receiveUntil(received -> has(received, FrameType.DATA), PATIENCE_MILLIS);

            assertTrue(has(frames, FrameType.DATA), frames.toString());
            assertFalse(has(frames, FrameType.ADDRESS_TOKEN), frames.toString());
        }
        assertNotHonoured(new RawStream(grant, StreamEpoch.FIRST + 2, LOCAL), token);
    }

    @Test
    void aStreamHasOneTryAtATokenSoADatagramFullOfGuessesCostsTheServerOneCheck() throws Exception {
        SessionGrant grant = udpGrant();
        long token = tokenOfAFirstStream(grant);
        RawStream next = new RawStream(grant, StreamEpoch.FIRST + 1, LOCAL);
        for (int guess = 1; guess <= 100; guess++) {
            next.writer.add(PathFrame.addressToken(token ^ guess));
        }
        assertNotHonoured(next, token);
    }

    @Test
    void aTokenTheClientMadeItselfForAnotherAddressIsNotHonoured() throws Exception {
        SessionGrant grant = udpGrant();
        InetAddress victim = InetAddress.getByName("127.0.0.2");
        long forged = tokenMadeFromTheSessionsToken(grant.token().toBytes(), victim, System.currentTimeMillis());
        // the socket at the victim's address stands for a datagram whose source address the attacker forged
        assertNotHonoured(new RawStream(grant, StreamEpoch.FIRST, victim), forged);
    }

    /**
     * The token anyone holding the session's token can compute for any address, were the key derived from the token
     * alone: {@code HMAC-SHA256(HMAC-SHA256(SHA-256(token), "hhfr/1 address token"), hour || ip)}, its first 8 bytes.
     */
    private static long tokenMadeFromTheSessionsToken(byte[] token, InetAddress address, long unixMillis)
            throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(token);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(digest, "HmacSHA256"));
        byte[] key = mac.doFinal("hhfr/1 address token".getBytes(StandardCharsets.US_ASCII));
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        mac.update(ByteBuffer.allocate(Long.BYTES).putLong(Math.floorDiv(unixMillis, TimeUnit.HOURS.toMillis(1)))
                .array());
        return ByteBuffer.wrap(mac.doFinal(address.getAddress())).getLong();
    }

    /**
     * {@code stream} shows {@code token} asking for a large answer: the server keeps to the limit and honours none.
     */
    private void assertNotHonoured(RawStream stream, long token) throws Exception {
        try (stream) {
            int sent = stream.request(LARGE, token);
            List<Frame> frames = stream.receiveFor(PATH_TIMEOUT_MILLIS);

            assertWithinTheLimit(stream, sent);
            assertTrue(has(frames, FrameType.PATH_CHALLENGE), "the address is challenged instead: " + frames);
        }
        assertEquals(0, server.metrics().get(TransportMetrics.Counter.ADDRESS_TOKENS_HONOURED));
    }

    /**
     * What went to a stream's address that never answered is at most three times what came from there, and the
     * address token its first datagram may carry (the limit does not count it).
     */
    private static void assertWithinTheLimit(RawStream stream, int sent) {
        assertTrue(stream.received <= 3L * sent + PathFrame.ENCODED_SIZE, stream.received
                + " bytes sent to an address that sent " + sent + " and never answered a challenge");
    }

    private static boolean has(List<Frame> frames, FrameType type) {
        return frames.stream().anyMatch(frame -> frame.type() == type);
    }

    /** The address token the first datagrams of a session's first stream bring its client. */
    private long tokenOfAFirstStream(SessionGrant grant) throws Exception {
        try (RawStream first = new RawStream(grant, StreamEpoch.FIRST, LOCAL)) {
            first.request(8, null);
            return first.receiveUntil(frames -> has(frames, FrameType.ADDRESS_TOKEN), PATIENCE_MILLIS).stream()
                    .filter(frame -> frame.type() == FrameType.ADDRESS_TOKEN)
                    .mapToLong(frame -> ((PathFrame) frame).data()).findFirst()
                    .orElseThrow(() -> new AssertionError("no address token"));
        }
    }

    private SessionGrant udpGrant() throws Exception {
        return store.create(TestSessions.floatSum("urn:hhfr:transport:udp"));
    }

    /** A stream's client driven by hand from one socket, which never answers the server. */
    private final class RawStream implements AutoCloseable {
        final DatagramSocket socket;
        final DatagramWriter writer;
        final DatagramReader reader;
        long received;

        RawStream(SessionGrant grant) throws Exception {
            this(grant, StreamEpoch.FIRST, null);
        }

        /** A stream of epoch {@code epoch} from a socket at {@code local} (null: any local address). */
        RawStream(SessionGrant grant, long epoch, InetAddress local) throws Exception {
            socket = new DatagramSocket(new InetSocketAddress(local, 0));
            SessionKeys keys = SessionKeys.fromToken(grant.token().toBytes(), epoch);
            writer = new DatagramWriter(grant.id(), keys, Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
            reader = new DatagramReader(grant.id(), keys, Role.CLIENT, FrameLimits.defaults());
        }

        /** Sends the stream's first request, for an answer of {@code size} bytes; the datagram's bytes. */
        int request(int size) throws Exception {
            return request(size, null);
        }

        /** The same, the datagram showing {@code addressToken} unless null. */
        int request(int size, Long addressToken) throws Exception {
            if (addressToken != null) {
                writer.add(PathFrame.addressToken(addressToken));
            }
            writer.add(DataFrame.first(1, 0, 0, false, ByteBuffer.allocate(4).putInt(size).array()));
            byte[] datagram = writer.finish();
            socket.send(new DatagramPacket(datagram, datagram.length,
                    new InetSocketAddress(TestSessions.LOOPBACK, server.udpPort())));
            return datagram.length;
        }

        /** The frames of the datagrams the server sends for {@code millis}, counting their bytes. */
        List<Frame> receiveFor(long millis) throws Exception {
            return receiveUntil(frames -> false, millis);
        }

        /**
         * The same, until the frames received so far are {@code enough} or {@code millis} passed (a generous
         * deadline: the machine may be busy).
         */
        List<Frame> receiveUntil(Predicate<List<Frame>> enough, long millis) throws Exception {
            List<Frame> frames = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            byte[] buffer = new byte[2048];
            for (long left; !enough.test(frames) && (left = deadline - System.nanoTime()) > 0; ) {
                socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                try {
                    socket.receive(packet);
                } catch (SocketTimeoutException quiet) {
                    break;
                }
                received += packet.getLength();
                reader.read(buffer, 0, packet.getLength(), frames::add);
            }
            return frames;
        }

        @Override
        public void close() {
            socket.close();
        }
    }
}
