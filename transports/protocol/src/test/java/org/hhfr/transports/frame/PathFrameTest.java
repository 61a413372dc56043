package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.junit.jupiter.api.Test;

class PathFrameTest {
    @Test
    void aChallengeIsItsTypeAndEightDataBytesBigEndian() throws WireException {
        PathFrame challenge = PathFrame.challenge(0x0102030405060708L);

        byte[] encoded = FrameCodec.encode(challenge);

        assertArrayEquals(new byte[] {9, 0x0B, 1, 2, 3, 4, 5, 6, 7, 8}, encoded);
        assertEquals(PathFrame.ENCODED_SIZE, encoded.length);
        assertEquals(0x0102030405060708L, ((PathFrame) Frames.decode(encoded)).data());
    }

    @Test
    void theAnswerToAChallengeIsAResponseWithTheSameData() throws WireException {
        PathFrame response = PathFrame.challenge(-2L).answer();

        assertEquals(FrameType.PATH_RESPONSE, response.type());
        assertEquals(-2L, response.data());
        assertArrayEquals(new byte[] {9, 0x0C, -1, -1, -1, -1, -1, -1, -1, -2}, FrameCodec.encode(response));
        assertThrows(IllegalStateException.class, response::answer);
    }

    @Test
    void anAddressTokenIsItsTypeAndEightDataBytes() throws WireException {
        PathFrame token = PathFrame.addressToken(0x0102030405060708L);

        byte[] encoded = FrameCodec.encode(token);

        assertArrayEquals(new byte[] {9, 0x0D, 1, 2, 3, 4, 5, 6, 7, 8}, encoded);
        PathFrame decoded = (PathFrame) Frames.decode(encoded);
        assertEquals(FrameType.ADDRESS_TOKEN, decoded.type());
        assertEquals(0x0102030405060708L, decoded.data());
    }

    @Test
    void shortOrLongDataIsRefused() {
        byte[] shortData = {0x0B, 1, 2, 3, 4, 5, 6, 7};
        byte[] longData = {0x0C, 1, 2, 3, 4, 5, 6, 7, 8, 9};

        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(shortData, 0, shortData.length, FrameLimits.defaults())).code());
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(longData, 0, longData.length, FrameLimits.defaults())).code());
    }

    @Test
    void theReaderTellsWhetherADatagramCarriedTheHighestPacketNumberSoFar() throws WireException {
        DatagramWriter writer = new DatagramWriter(SeedFrames.SESSION, SeedFrames.KEYS, Role.CLIENT,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        DatagramReader reader = new DatagramReader(SeedFrames.SESSION, SeedFrames.KEYS, Role.SERVER,
                FrameLimits.defaults());
        List<byte[]> datagrams = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            writer.add(SignalFrame.PING);
            datagrams.add(writer.finish());
        }
        List<Frame> frames = new ArrayList<>();

        read(reader, datagrams.get(0), frames);
        assertTrue(reader.newest());
        read(reader, datagrams.get(2), frames);
        assertTrue(reader.newest());
        read(reader, datagrams.get(1), frames);
        assertFalse(reader.newest(), "overtaken on the way");
        assertEquals(3, frames.size());
    }

    private static void read(DatagramReader reader, byte[] datagram, List<Frame> frames) throws WireException {
        reader.read(datagram, 0, datagram.length, frames::add);
    }
}
