package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.junit.jupiter.api.Test;

class EncryptedDatagramTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {9, 8, 7, 6, 5, 4, 3, 2});
    private static final byte[] TOKEN = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII);
    private static final ConnectionId CONNECTION = ConnectionId.random(new java.util.Random(3));
    private static final byte[] SECRET = "a request nobody on the path may read".getBytes(StandardCharsets.US_ASCII);

    private final DatagramWriter clientWriter = writer(Role.CLIENT, DatagramProtection.ENCRYPTED);
    private final DatagramReader serverReader = reader(Role.SERVER, 1, DatagramProtection.ENCRYPTED);

    @Test
    void sealedFramesOpenOnThePeerAndTheirBytesAreNotInTheDatagram() throws WireException {
        byte[] datagram = datagramOf(clientWriter, SECRET);

        assertFalse(contains(datagram, SECRET));
        assertArrayEquals(SECRET, payloadOf(serverReader, datagram));
    }

    @Test
    void encryptionCostsNoMoreBytesThanTheHmacTag() {
        byte[] authenticated = datagramOf(writer(Role.CLIENT, DatagramProtection.AUTHENTICATED), SECRET);

        assertEquals(authenticated.length, datagramOf(clientWriter, SECRET).length);
    }

    @Property
    void anyFlippedBitIsRefusedWithoutDeliveringAFrame(@ForAll int bitSeed) {
        byte[] datagram = datagramOf(clientWriter, SECRET);
        int bit = Math.floorMod(bitSeed, datagram.length * 8);
        datagram[bit / 8] ^= (byte) (1 << (bit % 8));
        List<Frame> received = new ArrayList<>();

        assertThrows(WireException.class, () -> serverReader.read(datagram, 0, datagram.length, received::add));
        assertTrue(received.isEmpty());
    }

    @Test
    void aReplayedDatagramIsRefused() throws WireException {
        byte[] datagram = datagramOf(clientWriter, SECRET);
        payloadOf(serverReader, datagram);

        WireException replay = assertThrows(WireException.class, () -> payloadOf(serverReader, datagram));
        assertEquals(ErrorCode.REPLAYED, replay.code());
    }

    @Test
    void aCleartextDatagramIsRefusedByAnEncryptedStreamAndTheOtherWayRound() {
        byte[] cleartext = datagramOf(writer(Role.CLIENT, DatagramProtection.AUTHENTICATED), SECRET);
        byte[] encrypted = datagramOf(clientWriter, SECRET);

        assertEquals(ErrorCode.AUTHENTICATION_FAILED,
                assertThrows(WireException.class, () -> payloadOf(serverReader, cleartext)).code());
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, assertThrows(WireException.class,
                () -> payloadOf(reader(Role.SERVER, 1, DatagramProtection.AUTHENTICATED), encrypted)).code());
    }

    @Test
    void aDatagramSealedByTheServerDoesNotOpenAsTheClients() {
        byte[] fromServer = datagramOf(writer(Role.SERVER, DatagramProtection.ENCRYPTED), SECRET);
        fromServer[0] &= (byte) ~1;
        serverReader.connectionId(CONNECTION);

        assertEquals(ErrorCode.AUTHENTICATION_FAILED,
                assertThrows(WireException.class, () -> payloadOf(serverReader, fromServer)).code());
    }

    @Test
    void eachDatagramOfTheSamePayloadLooksDifferent() {
        byte[] first = datagramOf(clientWriter, SECRET);
        byte[] second = datagramOf(clientWriter, SECRET);

        assertFalse(java.util.Arrays.equals(java.util.Arrays.copyOfRange(first, first.length - 40, first.length),
                java.util.Arrays.copyOfRange(second, second.length - 40, second.length)));
    }

    /** A client's writer takes the long form, a server's the short form with {@link #CONNECTION}. */
    private static DatagramWriter writer(Role sender, DatagramProtection protection) {
        DatagramWriter writer = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN, 1), sender,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection);
        if (sender == Role.SERVER) {
            writer.connectionId(CONNECTION);
        }
        return writer;
    }

    private static DatagramReader reader(Role local, long epoch, DatagramProtection protection) {
        return new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN, epoch), local, FrameLimits.defaults(),
                protection);
    }

    private static byte[] datagramOf(DatagramWriter writer, byte[] payload) {
        assertTrue(writer.add(DataFrame.first(1, 7, 0, false, payload)));
        return writer.finish();
    }

    private static byte[] payloadOf(DatagramReader reader, byte[] datagram) throws WireException {
        List<Frame> frames = new ArrayList<>();
        reader.read(datagram, 0, datagram.length, frames::add);
        assertEquals(1, frames.size());
        return ((DataFrame) frames.get(0)).payload();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            boolean match = true;
            for (int j = 0; j < needle.length && match; j++) {
                match = haystack[i + j] == needle[j];
            }
            if (match) {
                return true;
            }
        }
        return false;
    }
}
