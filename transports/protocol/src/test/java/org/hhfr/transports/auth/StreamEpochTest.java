package org.hhfr.transports.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.nio.file.Paths;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.hhfr.transports.frame.WelcomeFrame;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.handshake.ServerHandshake;
import org.junit.jupiter.api.Test;

/** Nothing recorded in one stream of a session verifies in a later stream of the same session. */
class StreamEpochTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {9, 8, 7, 6, 5, 4, 3, 2});
    private static final byte[] TOKEN = "a session token of 32 characters".getBytes(StandardCharsets.US_ASCII);
    private static final long LATER = StreamEpoch.FIRST + 1;

    @Test
    void aHelloRecordedInEpochOneIsNotProofInEpochTwo() throws WireException {
        HelloFrame recorded = new ClientHandshake(SESSION, SessionKeys.fromToken(TOKEN)).hello();
        SessionKeys secondStream = serverKeys(LATER);

        assertEquals(StreamEpoch.FIRST, recorded.epoch());
        assertFalse(recorded.isProvenBy(secondStream));
        WireException refused = assertThrows(WireException.class,
                () -> new ServerHandshake().accept(decoded(recorded), secondStream));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refused.code());
    }

    @Test
    void aHelloRelabelledWithALaterEpochDoesNotVerify() throws WireException {
        byte[] recorded = FrameCodec.encode(new ClientHandshake(SESSION, SessionKeys.fromToken(TOKEN)).hello());
        byte[] relabelled = recorded.clone();
        int epochOffset = 1 + 1 + 1 + 1 + SESSION.length();
        assertEquals(StreamEpoch.FIRST, relabelled[epochOffset]);
        relabelled[epochOffset] = (byte) LATER;

        HelloFrame forged = (HelloFrame) decodedFrame(relabelled);

        assertEquals(LATER, forged.epoch());
        assertFalse(forged.isProvenBy(serverKeys(LATER)));
    }

    @Test
    void aWelcomeRecordedInEpochOneDoesNotConvinceAClientInEpochTwo() throws WireException {
        HelloFrame first = new ClientHandshake(SESSION, SessionKeys.fromToken(TOKEN)).hello();
        WelcomeFrame recorded = new ServerHandshake().accept(first, serverKeys(StreamEpoch.FIRST));
        ClientHandshake secondStream = new ClientHandshake(SESSION, SessionKeys.fromToken(TOKEN, LATER));
        secondStream.hello();

        WireException refused = assertThrows(WireException.class, () -> secondStream.onServerFirstFrame(recorded));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refused.code());
    }

    @Test
    void theHandshakeOfALaterStreamIsAcceptedAndWelcomed() throws WireException {
        ClientHandshake client = new ClientHandshake(SESSION, SessionKeys.fromToken(TOKEN, LATER));

        client.onServerFirstFrame(new ServerHandshake().accept(client.hello(), serverKeys(LATER)));
    }

    @Test
    void datagramsRecordedInEpochOneAreRefusedInEpochTwoBeforeTheirFramesAreRead() throws WireException {
        byte[] recorded = datagram(SessionKeys.fromToken(TOKEN));
        DatagramReader secondStream = reader(LATER);

        assertEquals(StreamEpoch.FIRST, DatagramReader.epochOf(recorded, 0, recorded.length));
        List<Frame> delivered = new ArrayList<>();
        WireException refused = assertThrows(WireException.class,
                () -> secondStream.read(recorded, 0, recorded.length, delivered::add));
        assertEquals(ErrorCode.REPLAYED, refused.code());
        assertTrue(delivered.isEmpty());
    }

    @Test
    void aDatagramRelabelledWithALaterEpochFailsItsTag() {
        byte[] relabelled = datagram(SessionKeys.fromToken(TOKEN));
        int epochOffset = 1 + 1 + SESSION.length();
        relabelled[epochOffset] = (byte) LATER;

        WireException refused = assertThrows(WireException.class,
                () -> reader(LATER).read(relabelled, 0, relabelled.length, frame -> { }));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, refused.code());
    }

    @Test
    void eachStreamHasItsOwnReplayWindowSoPacketOneIsFreshAgain() throws WireException {
        byte[] first = datagram(SessionKeys.fromToken(TOKEN));
        byte[] second = datagram(SessionKeys.fromToken(TOKEN, LATER));
        List<Frame> delivered = new ArrayList<>();

        reader(StreamEpoch.FIRST).read(first, 0, first.length, delivered::add);
        reader(LATER).read(second, 0, second.length, delivered::add);

        assertEquals(2, delivered.size());
        assertEquals(FrameType.DATA, delivered.get(1).type());
    }

    @Test
    void freshEpochsGrowStrictlyAndFollowTheClock() {
        long before = System.currentTimeMillis();
        long first = StreamEpoch.fresh();
        long second = StreamEpoch.fresh();

        assertTrue(first >> StreamEpoch.RANDOM_BITS >= before, first + " is below the clock " + before);
        assertTrue(second > first);
        assertThrows(IllegalArgumentException.class, () -> SessionKeys.fromToken(TOKEN, 0));
    }

    @Test
    void twoProcessesOpeningAStreamInTheSameMillisecondTakeDifferentEpochs() {
        long sameMillisecond = 1_764_300_000_000L;
        int differ = 0;
        for (int i = 0; i < 20; i++) {
            long one = newProcess().next(sameMillisecond);
            long other = newProcess().next(sameMillisecond);
            assertEquals(sameMillisecond, one >> StreamEpoch.RANDOM_BITS);
            if (one != other) {
                differ++;
            }
        }
        assertTrue(differ >= 19, "only " + differ + " of 20 pairs differ");
    }

    /**
     * Processes (JVMs of their own, as two processes of an app opening one ticket) whose streams open on another
     * thread than the one that first used this class draw different random bits.
     */
    @Test
    void processesDrawDifferentRandomBitsOnAnyThread() throws Exception {
        Set<String> drawn = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            drawn.add(randomBitsOfAnotherProcess());
        }
        assertTrue(drawn.size() > 1, "three processes drew the same random bits: " + drawn);
    }

    private static String randomBitsOfAnotherProcess() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                AnotherProcess.class.getName()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the other process did not end");
        assertEquals(0, process.exitValue(), out);
        return out;
    }

    /** Uses the class on its main thread, then prints the random bits of a stream opened on another thread. */
    static final class AnotherProcess {
        public static void main(String[] args) throws Exception {
            Class.forName(StreamEpoch.class.getName());
            Thread opener = new Thread(
                    () -> System.out.println(StreamEpoch.fresh() & ((1 << StreamEpoch.RANDOM_BITS) - 1)));
            opener.start();
            opener.join();
        }
    }

    @Test
    void aProcessWhoseClockStandsStillStillCountsUp() {
        StreamEpoch process = newProcess();
        long first = process.next(1_764_300_000_000L);
        long second = process.next(1_764_300_000_000L);

        assertTrue(second > first);
        assertTrue(process.next(1_764_300_000_000L) > second);
    }

    @Test
    void aLaterMillisecondInAnotherProcessGivesAHigherEpoch() {
        long ms = 1_764_300_000_000L;
        for (int i = 0; i < 20; i++) {
            assertTrue(newProcess().next(ms + 1) > newProcess().next(ms));
        }
    }

    private static StreamEpoch newProcess() {
        return new StreamEpoch(new SecureRandom());
    }

    private static SessionKeys serverKeys(long epoch) {
        try {
            return SessionKeys.fromTokenDigest(MessageDigest.getInstance("SHA-256").digest(TOKEN), epoch);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static DatagramReader reader(long epoch) {
        return new DatagramReader(SESSION, serverKeys(epoch), Role.SERVER, FrameLimits.defaults());
    }

    private static byte[] datagram(SessionKeys keys) {
        DatagramWriter writer = new DatagramWriter(SESSION, keys, Role.CLIENT, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
        writer.add(DataFrame.first(1, 0, 0, false, new byte[] {42}));
        return writer.finish();
    }

    private static HelloFrame decoded(HelloFrame hello) throws WireException {
        return (HelloFrame) decodedFrame(FrameCodec.encode(hello));
    }

    private static Frame decodedFrame(byte[] encoded) throws WireException {
        List<Frame> frames = new ArrayList<>();
        new StreamFrameDecoder(Role.SERVER, FrameLimits.defaults()).decode(encoded, 0, encoded.length, frames::add);
        return frames.get(0);
    }
}
