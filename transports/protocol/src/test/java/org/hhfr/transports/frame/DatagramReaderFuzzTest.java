package org.hhfr.transports.frame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.DatagramCipher;
import org.hhfr.transports.auth.DatagramProtection;
import org.hhfr.transports.auth.SessionKeys;

/**
 * Any bytes arriving as a datagram at a server (a stream whose connection id was issued) or at a client (which
 * learns the id from the first server datagram that verifies), in a stream of authenticated or of encrypted
 * datagrams: {@link DatagramReader} and its header peeks give frames or a {@link WireException}, never anything
 * else, and a datagram accepted once is refused as REPLAYED the second time. A fuzzer cannot forge a tag, so half
 * the inputs are sealed with the stream's real keys first: those reach the frames inside.
 *
 * <p>Input layout: byte 0, bit 1 set: an encrypted stream, else an authenticated one; bit 0 set: seal; bit 2 set:
 * the client reads it (a server's datagram), else the server. The rest is the datagram; for a sealed encrypted
 * one, the frames alone, which go under the header of the sender's first datagram and are encrypted.
 */
class DatagramReaderFuzzTest {
    /** Small enough that fuzzed inputs reach the frame size limit. */
    private static final FrameLimits LIMITS = FrameLimits.defaults().withMaxFrameLength(512).withMaxAckRanges(8);
    private static final int SEAL = 1;
    private static final int ENCRYPTED = 2;
    private static final int TO_CLIENT = 4;
    /** The connection id the server issued to the stream. */
    private static final ConnectionId CONNECTION = ConnectionId.random(new java.util.Random(1));

    /** The header of the first encrypted datagram the client (long form) or the server (short form) sends. */
    private static final byte[] CLIENT_ENCRYPTED_HEADER = encryptedHeader(Role.CLIENT);
    private static final byte[] SERVER_ENCRYPTED_HEADER = encryptedHeader(Role.SERVER);

    private static byte[] encryptedHeader(Role sender) {
        DatagramWriter writer = writer(sender, DatagramProtection.ENCRYPTED);
        writer.add(SignalFrame.PING);
        byte[] datagram = writer.finish();
        return Arrays.copyOf(datagram, datagram.length - FrameCodec.encodedSize(SignalFrame.PING)
                - DatagramCipher.TAG_SIZE);
    }

    /** A client's writer (long form), or a server's (short form with the issued id). */
    private static DatagramWriter writer(Role sender, DatagramProtection protection) {
        DatagramWriter writer = new DatagramWriter(SeedFrames.SESSION, SeedFrames.KEYS, sender,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection);
        if (sender == Role.SERVER) {
            writer.connectionId(CONNECTION);
        }
        return writer;
    }

    static Stream<byte[]> datagrams() {
        List<byte[]> inputs = new ArrayList<>();
        DatagramWriter authenticated = writer(Role.CLIENT, DatagramProtection.AUTHENTICATED);
        DatagramWriter encrypted = writer(Role.CLIENT, DatagramProtection.ENCRYPTED);
        DatagramWriter server = writer(Role.SERVER, DatagramProtection.AUTHENTICATED);
        for (Frame frame : SeedFrames.afterHandshake()) {
            authenticated.add(frame);
            byte[] datagram = authenticated.finish();
            inputs.add(input(datagram, SEAL));
            inputs.add(input(datagram, 0));
            encrypted.add(frame);
            inputs.add(input(encrypted.finish(), ENCRYPTED));
            inputs.add(input(FrameCodec.encode(frame), ENCRYPTED | SEAL));
            inputs.add(input(FrameCodec.encode(frame), ENCRYPTED | SEAL | TO_CLIENT));
            server.add(frame);
            inputs.add(input(server.finish(), SEAL | TO_CLIENT));
        }
        authenticated.connectionId(CONNECTION);
        for (Frame frame : SeedFrames.afterHandshake()) {
            authenticated.add(frame);
        }
        inputs.add(input(authenticated.finish(), SEAL));
        inputs.add(input(SeedFrames.stream(SeedFrames.afterHandshake()), ENCRYPTED | SEAL));
        return inputs.stream();
    }

    private static byte[] input(byte[] datagram, int flags) {
        byte[] input = new byte[1 + datagram.length];
        input[0] = (byte) flags;
        System.arraycopy(datagram, 0, input, 1, datagram.length);
        return input;
    }

    @MethodSource("datagrams")
    @FuzzTest
    void datagramGivesItsFramesOnceOrIsRefused(byte[] input) {
        if (input.length == 0) {
            return;
        }
        boolean encrypted = (input[0] & ENCRYPTED) != 0;
        Role sender = (input[0] & TO_CLIENT) != 0 ? Role.SERVER : Role.CLIENT;
        byte[] datagram = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & SEAL) != 0) {
            datagram = encrypted ? encrypt(sender, datagram) : authenticate(sender, datagram);
        }
        int length = datagram.length;
        try {
            if (DatagramReader.isShortForm(datagram, 0, length)) {
                DatagramReader.connectionIdOf(datagram, 0, length);
            } else {
                DatagramReader.sessionOf(datagram, 0, length);
                DatagramReader.epochOf(datagram, 0, length);
            }
        } catch (WireException refused) {
            // a header that names no stream
        }
        DatagramReader reader = new DatagramReader(SeedFrames.SESSION, SeedFrames.KEYS, sender.peer(), LIMITS,
                encrypted ? DatagramProtection.ENCRYPTED : DatagramProtection.AUTHENTICATED);
        if (sender == Role.CLIENT) {
            reader.connectionId(CONNECTION);
        }
        List<Frame> frames = new ArrayList<>();
        try {
            reader.read(datagram, 0, length, frames::add);
        } catch (WireException refused) {
            return;
        }
        int carried = frames.stream().mapToInt(FrameCodec::encodedSize).sum();
        assertTrue(carried < length, () -> carried + " bytes of frames in a datagram of " + length);
        byte[] accepted = datagram;
        WireException replayed = assertThrows(WireException.class, () -> reader.read(accepted, 0, length, f -> { }));
        assertEquals(ErrorCode.REPLAYED, replayed.code(), replayed::getMessage);
    }

    /**
     * The datagram with its last bytes replaced by {@code sender}'s true tag over the rest and the packet number
     * a new reader takes from its header (none when the header does not parse: the tag stays as it is).
     */
    private static byte[] authenticate(Role sender, byte[] datagram) {
        int tagOffset = datagram.length - SessionKeys.MAC_SIZE;
        long packetNumber = packetNumberOf(datagram, tagOffset);
        if (packetNumber > 0) {
            SeedFrames.KEYS.writeDatagramTag(sender, packetNumber, datagram, 0, tagOffset, datagram, tagOffset);
        }
        return datagram;
    }

    /** The packet number in the header of the {@code end} bytes before the tag; 0 if there is none. */
    private static long packetNumberOf(byte[] datagram, int end) {
        if (end < 1) {
            return 0;
        }
        try {
            WireReader in = new WireReader(datagram, 1, end - 1);
            if ((datagram[0] & DatagramWriter.SHORT_FORM_BIT) != 0) {
                in.skip("connection id", ConnectionId.LENGTH);
                in.skip("packet number", ShortPacketNumber.SIZE);
                return ShortPacketNumber.expand(ShortPacketNumber.read(datagram, 1 + ConnectionId.LENGTH), 0);
            }
            in.skip("session id", in.readInt("session id length", 0, Integer.MAX_VALUE));
            in.readVarint64("epoch");
            return in.readVarint64("packet number");
        } catch (WireException noHeader) {
            return 0;
        }
    }

    /** The frames under the header of {@code sender}'s first encrypted datagram, encrypted by it. */
    private static byte[] encrypt(Role sender, byte[] frames) {
        byte[] first = sender == Role.CLIENT ? CLIENT_ENCRYPTED_HEADER : SERVER_ENCRYPTED_HEADER;
        int header = first.length;
        byte[] datagram = Arrays.copyOf(first, header + frames.length + DatagramCipher.TAG_SIZE);
        System.arraycopy(frames, 0, datagram, header, frames.length);
        SeedFrames.KEYS.datagramCipher().seal(sender, 1, datagram, 0, header, frames.length);
        return datagram;
    }
}
