package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The short datagram form: the server names its stream's datagrams by the connection id it issued, the client
 * learns the id from the first one that verifies and then names its own datagrams by it; the id is covered by the
 * tag, and header and tag together cost {@value DatagramWriter#SHORT_OVERHEAD} bytes, HMAC-tagged or sealed.
 */
class DatagramConnectionIdTest {
    private static final SessionId SESSION = SessionId.of(new byte[SessionId.ISSUED_LENGTH]);
    private static final byte[] TOKEN = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final long EPOCH = StreamEpoch.FIRST + 1_764_000_000_000L;
    private static final byte[] BODY = new byte[401];
    private static final int SHORT_FORM_ROOM = DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE - DatagramWriter.SHORT_OVERHEAD;

    private final ConnectionId issued = ConnectionId.random(new Random(7));

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void headerAndTagOfAShortDatagramCostAtMost24BytesAtAnyPacketNumber(DatagramProtection protection)
            throws WireException {
        Stream stream = new Stream(protection);
        stream.learnConnectionId();

        for (int i = 0; i < 70_000; i++) {
            stream.clientWriter.add(DataFrame.first(i + 1, 0, 0, false, BODY));
            byte[] datagram = stream.clientWriter.finish();
            assertEquals(FrameCodec.encodedSize(DataFrame.first(i + 1, 0, 0, false, BODY))
                    + DatagramWriter.SHORT_OVERHEAD, datagram.length);
            if (i % 1_000 == 0 || i > 65_530) {
                assertEquals(1, stream.toServer(datagram).size());
            }
        }
        assertTrue(DatagramWriter.SHORT_OVERHEAD <= 24);
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void theClientNamesItsStreamBySessionUntilTheServersFirstDatagramBringsTheConnectionId(
            DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        byte[] first = stream.clientDatagram();
        assertEquals(SESSION, DatagramReader.sessionOf(first, 0, first.length));
        stream.toServer(first);

        byte[] answer = stream.serverDatagram();
        assertEquals(issued, DatagramReader.connectionIdOf(answer, 0, answer.length));
        assertNull(stream.clientReader.connectionId());
        stream.toClient(answer);
        assertEquals(issued, stream.clientReader.connectionId());
        stream.clientWriter.connectionId(stream.clientReader.connectionId());

        byte[] next = stream.clientDatagram();
        assertTrue(DatagramReader.isShortForm(next, 0, next.length));
        assertEquals(issued, DatagramReader.connectionIdOf(next, 0, next.length));
        assertEquals(1, stream.toServer(next).size());
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aStreamOpenedBeforeItsGrantFlagsItsLongFormDatagramsEarlyAndTheTagCoversTheFlag(
            DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        byte[] plain = stream.clientDatagram();
        assertFalse(DatagramReader.isEarly(plain, 0, plain.length));
        stream.clientWriter.early();

        byte[] early = stream.clientDatagram();
        assertTrue(DatagramReader.isEarly(early, 0, early.length));
        assertEquals(plain.length, early.length, "the flag costs no byte");
        assertEquals(1, stream.toServer(early).size());
        byte[] unflagged = stream.clientDatagram();
        unflagged[0] &= ~0x08;
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refusal(() -> stream.toServer(unflagged)));

        stream.learnConnectionId();
        byte[] later = stream.clientDatagram();
        assertTrue(DatagramReader.isShortForm(later, 0, later.length));
        assertEquals(0, later[0] & 0x08, "the short form carries no flag");
        assertEquals(ErrorCode.MALFORMED, refusal(() -> DatagramReader.isEarly(later, 0, later.length)));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void onlyAClientsLongFormDatagramMayBeFlaggedEarly(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        byte[] answer = stream.serverDatagram();
        answer[0] |= 0x08;
        assertEquals(ErrorCode.MALFORMED, refusal(() -> stream.toClient(answer)));
        assertThrows(IllegalStateException.class, stream.serverWriter::early);

        stream.learnConnectionId();
        byte[] request = stream.clientDatagram();
        request[0] |= 0x08;
        assertEquals(ErrorCode.MALFORMED, refusal(() -> DatagramReader.isShortForm(request, 0, request.length)));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aTamperedConnectionIdFailsAuthentication(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        byte[] answer = stream.serverDatagram();
        answer[1] ^= 0x40;

        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refusal(() -> stream.toClient(answer)));
        assertNull(stream.clientReader.connectionId());

        stream.learnConnectionId();
        byte[] request = stream.clientDatagram();
        request[4] ^= 1;
        ConnectionId tampered = DatagramReader.connectionIdOf(request, 0, request.length);
        stream.serverReader.connectionId(tampered);
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refusal(() -> stream.toServer(request)));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aDatagramNamingAnotherConnectionIdIsRefusedBeforeItsTag(DatagramProtection protection)
            throws WireException {
        Stream stream = new Stream(protection);
        stream.learnConnectionId();
        byte[] request = stream.clientDatagram();
        request[2] ^= 1;
        byte[] answer = stream.serverDatagram();
        answer[3] ^= 1;

        assertEquals(ErrorCode.UNKNOWN_SESSION, refusal(() -> stream.toServer(request)));
        assertEquals(ErrorCode.UNKNOWN_SESSION, refusal(() -> stream.toClient(answer)));
        assertEquals(issued, stream.clientReader.connectionId());
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aServerReaderRefusesTheShortFormBeforeItIssuedAnId(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        stream.learnConnectionId();
        byte[] request = stream.clientDatagram();
        DatagramReader fresh = new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN, EPOCH), Role.SERVER,
                FrameLimits.defaults(), protection);

        assertEquals(ErrorCode.UNKNOWN_SESSION, refusal(() -> fresh.read(request, 0, request.length, f -> { })));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aServerDatagramOfTheLongFormIsRefused(DatagramProtection protection) {
        Stream stream = new Stream(protection);
        byte[] request = stream.clientDatagram();
        request[0] |= 1;

        assertEquals(ErrorCode.MALFORMED, refusal(() -> stream.toClient(request)));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aReplayedShortDatagramIsRefused(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        stream.learnConnectionId();
        byte[] request = stream.clientDatagram();
        stream.toServer(request);

        assertEquals(ErrorCode.REPLAYED, refusal(() -> stream.toServer(request)));
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void framesAddedBeforeTheFormChangesLeaveInTheNewForm(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        stream.toClient(stream.serverDatagram());
        byte[] second = "second".getBytes(StandardCharsets.US_ASCII);
        stream.clientWriter.add(DataFrame.first(1, 0, 0, false, BODY));

        stream.clientWriter.connectionId(stream.clientReader.connectionId());
        stream.clientWriter.add(DataFrame.first(2, 0, 0, false, second));
        byte[] shortForm = stream.clientWriter.finish();
        stream.clientWriter.add(DataFrame.first(3, 0, 0, false, BODY));
        stream.clientWriter.connectionId(null);
        byte[] longForm = stream.clientWriter.finish();

        assertTrue(DatagramReader.isShortForm(shortForm, 0, shortForm.length));
        List<Frame> frames = stream.toServer(shortForm);
        assertArrayEquals(BODY, ((DataFrame) frames.get(0)).payload());
        assertArrayEquals(second, ((DataFrame) frames.get(1)).payload());
        assertFalse(DatagramReader.isShortForm(longForm, 0, longForm.length));
        assertEquals(3, ((DataFrame) stream.toServer(longForm).get(0)).messageNumber());
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aShortFormDatagramFilledToItsRoomTakesTheWholeMaximumSize(DatagramProtection protection)
            throws WireException {
        Stream stream = new Stream(protection);
        stream.learnConnectionId();
        int budget = stream.clientWriter.frameBudget();

        assertTrue(stream.clientWriter.add(encodedAs(1, budget)));
        assertTrue(stream.clientWriter.add(encodedAs(2, SHORT_FORM_ROOM - budget)));
        assertFalse(stream.clientWriter.add(SignalFrame.PING));
        byte[] datagram = stream.clientWriter.finish();

        assertEquals(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, datagram.length);
        assertEquals(2, stream.toServer(datagram).size());
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void aDatagramFullInTheLongFormTakesTheShortFormsExtraRoomAfterTheSwitch(DatagramProtection protection)
            throws WireException {
        Stream stream = new Stream(protection);
        stream.toClient(stream.serverDatagram());
        int budget = stream.clientWriter.frameBudget();
        assertTrue(stream.clientWriter.add(encodedAs(1, budget)));
        assertFalse(stream.clientWriter.add(SignalFrame.PING));

        stream.clientWriter.connectionId(stream.clientReader.connectionId());
        assertTrue(stream.clientWriter.add(encodedAs(2, SHORT_FORM_ROOM - budget)));
        assertThrows(IllegalStateException.class, () -> stream.clientWriter.connectionId(null));
        byte[] datagram = stream.clientWriter.finish();

        assertEquals(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, datagram.length);
        assertEquals(2, stream.toServer(datagram).size());
    }

    /** A DATA frame of exactly {@code size} encoded bytes. */
    private static DataFrame encodedAs(long number, int size) {
        int payload = size;
        while (FrameCodec.encodedSize(DataFrame.first(number, 0, 0, false, new byte[payload])) > size) {
            payload--;
        }
        DataFrame frame = DataFrame.first(number, 0, 0, false, new byte[payload]);
        assertEquals(size, FrameCodec.encodedSize(frame));
        return frame;
    }

    @ParameterizedTest
    @EnumSource(DatagramProtection.class)
    void lateLongFormDatagramsStillArriveAfterTheSwitch(DatagramProtection protection) throws WireException {
        Stream stream = new Stream(protection);
        byte[] early = stream.clientDatagram();
        stream.learnConnectionId();
        byte[] later = stream.clientDatagram();

        assertArrayEquals(BODY, ((DataFrame) stream.toServer(later).get(0)).payload());
        assertArrayEquals(BODY, ((DataFrame) stream.toServer(early).get(0)).payload());
    }

    private static ErrorCode refusal(ThrowingRead read) {
        return assertThrows(WireException.class, read::run).code();
    }

    private interface ThrowingRead {
        void run() throws WireException;
    }

    /** Both ends of one stream: the server issued {@link #issued} to it. */
    private final class Stream {
        final DatagramWriter clientWriter;
        final DatagramReader clientReader;
        final DatagramWriter serverWriter;
        final DatagramReader serverReader;

        Stream(DatagramProtection protection) {
            clientWriter = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN, EPOCH), Role.CLIENT,
                    DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection);
            clientReader = new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN, EPOCH), Role.CLIENT,
                    FrameLimits.defaults(), protection);
            serverWriter = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN, EPOCH), Role.SERVER,
                    DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection);
            serverWriter.connectionId(issued);
            serverReader = new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN, EPOCH), Role.SERVER,
                    FrameLimits.defaults(), protection);
            serverReader.connectionId(issued);
        }

        /** The server answers; the client learns the id from it and names its datagrams by it from now on. */
        void learnConnectionId() throws WireException {
            toClient(serverDatagram());
            clientWriter.connectionId(clientReader.connectionId());
        }

        byte[] clientDatagram() {
            clientWriter.add(DataFrame.first(1, 0, 0, false, BODY));
            return clientWriter.finish();
        }

        byte[] serverDatagram() {
            serverWriter.add(SignalFrame.PING);
            return serverWriter.finish();
        }

        List<Frame> toServer(byte[] datagram) throws WireException {
            List<Frame> frames = new ArrayList<>();
            serverReader.read(datagram, 0, datagram.length, frames::add);
            return frames;
        }

        List<Frame> toClient(byte[] datagram) throws WireException {
            List<Frame> frames = new ArrayList<>();
            clientReader.read(datagram, 0, datagram.length, frames::add);
            return frames;
        }
    }
}
