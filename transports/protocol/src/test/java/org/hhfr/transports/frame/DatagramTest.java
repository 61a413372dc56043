package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.junit.jupiter.api.Test;

class DatagramTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    private static final byte[] TOKEN = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final DatagramWriter clientWriter = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN), Role.CLIENT,
            DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
    private final DatagramReader serverReader = new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN), Role.SERVER,
            FrameLimits.defaults());

    @Provide
    Arbitrary<List<Frame>> batches() {
        return Frames.any().filter(frame -> FrameCodec.encodedSize(frame) <= 1100).list().ofMinSize(1).ofMaxSize(8);
    }

    @Property
    void framesPackedIntoDatagramsArriveInOrder(@ForAll("batches") List<Frame> frames) throws WireException {
        List<byte[]> datagrams = new ArrayList<>();
        for (Frame frame : frames) {
            if (!clientWriter.add(frame)) {
                datagrams.add(clientWriter.finish());
                assertTrue(clientWriter.add(frame));
            }
        }
        datagrams.add(clientWriter.finish());
        List<Frame> received = new ArrayList<>();

        for (byte[] datagram : datagrams) {
            assertTrue(datagram.length <= DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
            assertEquals(SESSION, DatagramReader.sessionOf(datagram, 0, datagram.length));
            serverReader.read(datagram, 0, datagram.length, received::add);
        }

        StreamFrameDecoderTest.assertSameFrames(frames, received);
    }

    @Property
    void anyFlippedBitMakesTheDatagramRefusedWithoutDeliveringAFrame(@ForAll("batches") List<Frame> frames,
                                                                     @ForAll int bitSeed) {
        for (Frame frame : frames) {
            if (!clientWriter.add(frame)) {
                break;
            }
        }
        byte[] datagram = clientWriter.finish();
        int bit = Math.floorMod(bitSeed, datagram.length * 8);
        datagram[bit / 8] ^= (byte) (1 << (bit % 8));
        List<Frame> received = new ArrayList<>();

        assertThrows(WireException.class, () -> serverReader.read(datagram, 0, datagram.length, received::add));
        assertTrue(received.isEmpty());
    }

    @Property
    void arbitraryBytesAreRefusedWithWireExceptionOnlyEvenForALongestSessionId(@ForAll byte[] garbage,
                                                                             @ForAll byte idLength) {
        SessionId longest = SessionId.of(new byte[SessionId.MAX_LENGTH]);
        DatagramReader reader = new DatagramReader(longest, SessionKeys.fromToken(TOKEN), Role.SERVER,
                FrameLimits.defaults());
        byte[] datagram = new byte[Math.max(garbage.length, 2)];
        System.arraycopy(garbage, 0, datagram, 0, garbage.length);
        datagram[0] = 0x10;
        datagram[1] = (byte) (idLength & 0x7F);

        assertThrows(WireException.class, () -> reader.read(datagram, 0, datagram.length, frame -> { }));
        try {
            DatagramReader.sessionOf(datagram, 0, datagram.length);
        } catch (WireException expected) {
            assertTrue(expected.code() != null);
        }
    }

    @Test
    void aTruncatedDatagramClaimingALongSessionIdIsMalformed() {
        SessionId longest = SessionId.of(new byte[SessionId.MAX_LENGTH]);
        DatagramReader reader = new DatagramReader(longest, SessionKeys.fromToken(TOKEN), Role.SERVER,
                FrameLimits.defaults());
        byte[] datagram = new byte[40];
        datagram[0] = 0x10;
        datagram[1] = (byte) SessionId.MAX_LENGTH;

        WireException e = assertThrows(WireException.class, () -> reader.read(datagram, 0, 40, frame -> { }));
        assertEquals(ErrorCode.MALFORMED, e.code());
    }

    @Test
    void aDatagramMadeWithAnotherTokenIsRefused() {
        byte[] otherToken = TOKEN.clone();
        otherToken[0] ^= 1;
        DatagramWriter intruder = new DatagramWriter(SESSION, SessionKeys.fromToken(otherToken), Role.CLIENT, 1200);
        intruder.add(DataFrame.first(1, 0, 0, false, new byte[] {42}));
        byte[] datagram = intruder.finish();

        WireException e = assertThrows(WireException.class,
                () -> serverReader.read(datagram, 0, datagram.length, frame -> { }));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, e.code());
    }

    @Test
    void aReplayedDatagramIsRefused() throws WireException {
        clientWriter.add(SignalFrame.PING);
        byte[] datagram = clientWriter.finish();
        serverReader.read(datagram, 0, datagram.length, frame -> { });

        WireException e = assertThrows(WireException.class,
                () -> serverReader.read(datagram, 0, datagram.length, frame -> { }));
        assertEquals(ErrorCode.REPLAYED, e.code());
    }

    @Test
    void aClientsDatagramReflectedBackToTheClientIsRefused() {
        DatagramReader clientReader = new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN), Role.CLIENT,
                FrameLimits.defaults());
        clientWriter.connectionId(ConnectionId.random(new java.util.Random(1)));
        clientWriter.add(SignalFrame.PING);
        byte[] datagram = clientWriter.finish();

        assertThrows(WireException.class, () -> clientReader.read(datagram, 0, datagram.length, frame -> { }));
        datagram[0] |= 1;
        WireException e = assertThrows(WireException.class,
                () -> clientReader.read(datagram, 0, datagram.length, frame -> { }));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, e.code());
    }

    @Test
    void anotherSessionsDatagramIsRefused() {
        DatagramReader otherSession = new DatagramReader(SessionId.of(new byte[] {9}), SessionKeys.fromToken(TOKEN),
                Role.SERVER, FrameLimits.defaults());
        clientWriter.add(SignalFrame.PING);
        byte[] datagram = clientWriter.finish();

        WireException e = assertThrows(WireException.class,
                () -> otherSession.read(datagram, 0, datagram.length, frame -> { }));
        assertEquals(ErrorCode.UNKNOWN_SESSION, e.code());
    }

    @Test
    void shortAndForeignDatagramsAreRefusedBeforeAnyMac() {
        byte[] tiny = new byte[10];
        assertEquals(ErrorCode.MALFORMED,
                assertThrows(WireException.class, () -> DatagramReader.sessionOf(tiny, 0, tiny.length)).code());
        byte[] version2 = new byte[40];
        version2[0] = 0x20;
        assertEquals(ErrorCode.UNSUPPORTED_VERSION,
                assertThrows(WireException.class, () -> DatagramReader.sessionOf(version2, 0, 40)).code());
    }

    @Test
    void packetNumbersCountUpAndTheHeaderIsCompact() {
        clientWriter.add(SignalFrame.PING);
        byte[] first = clientWriter.finish();
        clientWriter.add(SignalFrame.PING);
        byte[] second = clientWriter.finish();

        assertEquals(1 + 1 + 8 + 1 + 1 + 2 + SessionKeys.MAC_SIZE, first.length);
        assertEquals(StreamEpoch.FIRST, first[10]);
        assertEquals(1, first[11]);
        assertEquals(2, second[11]);
    }

    @Test
    void aFrameLargerThanTheBudgetCanNeverBeAdded() {
        byte[] big = new byte[clientWriter.frameBudget()];

        assertThrows(IllegalArgumentException.class,
                () -> clientWriter.add(DataFrame.first(1, 0, 0, false, big)));
        assertTrue(clientWriter.isEmpty());
    }

    @Test
    void aFullDatagramRefusesTheNextFrameAndKeepsWhatItHas() {
        byte[] payload = new byte[clientWriter.frameBudget() / 2];
        assertTrue(clientWriter.add(DataFrame.first(1, 0, 0, false, payload)));

        assertFalse(clientWriter.add(DataFrame.first(2, 0, 0, false, payload)));
        assertFalse(clientWriter.isEmpty());
    }

    @Test
    void theDefaultBudgetLeavesRoomForAFloatSumRequestAndItsHeaders() {
        assertEquals(1200 - 1 - 1 - 8 - 9 - 9 - 16, DatagramWriter.frameBudget(1200, 8));
    }
}
