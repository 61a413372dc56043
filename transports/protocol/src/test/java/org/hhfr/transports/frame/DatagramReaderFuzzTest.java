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
 * Any bytes arriving as a datagram at a server, in a stream of authenticated or of encrypted datagrams:
 * {@link DatagramReader} and its header peeks give frames or a {@link WireException}, never anything else, and
 * a datagram accepted once is refused as REPLAYED the second time. A fuzzer cannot forge a tag, so half the
 * inputs are sealed with the session's real keys first: those reach the frames inside.
 *
 * <p>Input layout: byte 0, bit 1 set: an encrypted stream, else an authenticated one; bit 0 set: seal. The rest
 * is the datagram; for a sealed encrypted one, the frames alone, which go under the header of the stream's first
 * datagram and are encrypted.
 */
class DatagramReaderFuzzTest {
    /** Small enough that fuzzed inputs reach the frame size limit. */
    private static final FrameLimits LIMITS = FrameLimits.defaults().withMaxFrameLength(512).withMaxAckRanges(8);
    private static final int SEAL = 1;
    private static final int ENCRYPTED = 2;

    /** The header of the first encrypted datagram a client sends in the stream. */
    private static final byte[] ENCRYPTED_HEADER = encryptedHeader();

    private static byte[] encryptedHeader() {
        DatagramWriter writer = writer(DatagramProtection.ENCRYPTED);
        writer.add(SignalFrame.PING);
        byte[] datagram = writer.finish();
        return Arrays.copyOf(datagram, datagram.length - FrameCodec.encodedSize(SignalFrame.PING)
                - DatagramCipher.TAG_SIZE);
    }

    private static DatagramWriter writer(DatagramProtection protection) {
        return new DatagramWriter(SeedFrames.SESSION, SeedFrames.KEYS, Role.CLIENT,
                DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, protection);
    }

    static Stream<byte[]> datagrams() {
        List<byte[]> inputs = new ArrayList<>();
        DatagramWriter authenticated = writer(DatagramProtection.AUTHENTICATED);
        DatagramWriter encrypted = writer(DatagramProtection.ENCRYPTED);
        for (Frame frame : SeedFrames.afterHandshake()) {
            authenticated.add(frame);
            byte[] datagram = authenticated.finish();
            inputs.add(input(datagram, SEAL));
            inputs.add(input(datagram, 0));
            encrypted.add(frame);
            inputs.add(input(encrypted.finish(), ENCRYPTED));
            inputs.add(input(FrameCodec.encode(frame), ENCRYPTED | SEAL));
        }
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
        byte[] datagram = Arrays.copyOfRange(input, 1, input.length);
        if ((input[0] & SEAL) != 0) {
            datagram = encrypted ? encrypt(datagram) : authenticate(datagram);
        }
        int length = datagram.length;
        try {
            DatagramReader.sessionOf(datagram, 0, length);
            DatagramReader.epochOf(datagram, 0, length);
        } catch (WireException refused) {
            // a header that names no session or epoch
        }
        DatagramReader reader = new DatagramReader(SeedFrames.SESSION, SeedFrames.KEYS, Role.SERVER, LIMITS,
                encrypted ? DatagramProtection.ENCRYPTED : DatagramProtection.AUTHENTICATED);
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

    /** The datagram with its last bytes replaced by the client's true tag over the rest. */
    private static byte[] authenticate(byte[] datagram) {
        if (datagram.length >= SessionKeys.MAC_SIZE) {
            int tagOffset = datagram.length - SessionKeys.MAC_SIZE;
            SeedFrames.KEYS.writeDatagramTag(Role.CLIENT, datagram, 0, tagOffset, datagram, tagOffset);
        }
        return datagram;
    }

    /** The frames under the header of the stream's first encrypted datagram, encrypted by the client. */
    private static byte[] encrypt(byte[] frames) {
        int header = ENCRYPTED_HEADER.length;
        byte[] datagram = Arrays.copyOf(ENCRYPTED_HEADER, header + frames.length + DatagramCipher.TAG_SIZE);
        System.arraycopy(frames, 0, datagram, header, frames.length);
        SeedFrames.KEYS.datagramCipher().seal(Role.CLIENT, 1, datagram, 0, header, frames.length);
        return datagram;
    }
}
