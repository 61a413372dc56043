package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;

/**
 * A fragment of the size a datagram stream's engine makes (its frame budget less the largest DATA header) leaves
 * room for an acknowledgement in the same datagram, so an ACK written with DATA never takes a datagram of its own.
 */
class AcknowledgementRoomTest {
    private static final SessionId SESSION = SessionId.of(new byte[SessionId.ISSUED_LENGTH]);
    private static final byte[] TOKEN = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final int FRAGMENT_SIZE = ReliabilityConfig.forDatagrams(
            DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, SESSION.length()))
            .fragmentPayloadSize();

    @Test
    void aShortFormDatagramHoldsAFragmentWithTheLargestHeaderAndAnAcknowledgementOfTwoRanges()
            throws WireException {
        long number = DataFrame.MAX_MESSAGE_NUMBER - 1;
        DataFrame fragment = DataFrame.first(number, Integer.MAX_VALUE, 1, true, new byte[FRAGMENT_SIZE]);
        long highest = 1L << 62;
        AckFrame ack = AckFrame.of(new long[] {1, highest - 10, highest - 8, highest - 1}, false, highest + 255,
                AckFrame.MAX_ACK_DELAY_MICROS);
        DatagramWriter server = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN), Role.SERVER,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        server.connectionId(ConnectionId.random(new Random(3)));

        assertTrue(server.add(fragment));
        assertTrue(server.add(ack));
        byte[] datagram = server.finish();

        assertTrue(datagram.length <= DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, datagram.length + " bytes");
        List<Frame> frames = new ArrayList<>();
        new DatagramReader(SESSION, SessionKeys.fromToken(TOKEN), Role.CLIENT, FrameLimits.defaults())
                .read(datagram, 0, datagram.length, frames::add);
        StreamFrameDecoderTest.assertSameFrames(List.of(fragment, ack), frames);
    }

    @Test
    void belowMessageNumberTwoToThe21stALongFormDatagramHoldsAFullFragmentAndAnAcknowledgementOfOneRange() {
        long number = (1 << 21) - 1;
        DataFrame fragment = DataFrame.first(number, HeadedPayload.OPERATION, 1, true, new byte[FRAGMENT_SIZE]);
        AckFrame ack = AckFrame.of(new long[] {1, number - 1}, false, number + 255, AckFrame.MAX_ACK_DELAY_MICROS);
        DatagramWriter client = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN), Role.CLIENT,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);

        assertTrue(client.add(ack));
        assertTrue(client.add(fragment));
        assertTrue(client.finish().length <= DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
    }

    @Test
    void framesFillingTheShortFormsRoomCannotBeSealedInTheLongForm() {
        DatagramWriter client = new DatagramWriter(SESSION, SessionKeys.fromToken(TOKEN), Role.CLIENT,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        client.connectionId(ConnectionId.random(new Random(5)));
        assertTrue(client.add(DataFrame.continuation(1, true, new byte[FRAGMENT_SIZE])));
        for (int i = 0; i < 3; i++) {
            assertTrue(client.add(PathFrame.challenge(i)));
        }

        assertThrows(IllegalStateException.class, () -> client.connectionId(null));
    }
}
