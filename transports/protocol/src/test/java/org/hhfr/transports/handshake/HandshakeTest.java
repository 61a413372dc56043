package org.hhfr.transports.handshake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.WelcomeFrame;
import org.junit.jupiter.api.Test;

class HandshakeTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3});
    private static final byte[] TOKEN = new byte[32];

    private final SessionKeys clientKeys = SessionKeys.fromToken(TOKEN);
    private final SessionKeys serverKeys = SessionKeys.fromToken(TOKEN);
    private final ClientHandshake client = new ClientHandshake(SESSION, clientKeys);
    private final ServerHandshake server = new ServerHandshake();

    @Test
    void theFirstConnectionSaysHelloAndLaterOnesResume() throws WireException {
        HelloFrame first = client.hello();
        assertEquals(FrameType.HELLO, first.type());
        assertFalse(client.isReconnect());
        client.onServerFirstFrame(server.accept(first, serverKeys));
        assertFalse(server.resumed());

        HelloFrame second = client.hello();
        assertEquals(FrameType.RESUME, second.type());
        assertTrue(client.isReconnect());
        client.onServerFirstFrame(server.accept(second, serverKeys));
        assertTrue(server.resumed());
    }

    @Test
    void aClientNeverWelcomedSaysHelloAgainAndIsAccepted() throws WireException {
        HelloFrame lost = client.hello();
        server.accept(lost, serverKeys);

        HelloFrame again = client.hello();

        assertEquals(FrameType.HELLO, again.type());
        client.onServerFirstFrame(server.accept(again, serverKeys));
        assertTrue(server.resumed(), "the server kept the stream of the first connection");
    }

    @Test
    void anEarlyClientFlagsItsHellosUntilWelcomedAndNeverItsResumes() throws WireException {
        ClientHandshake early = new ClientHandshake(SESSION, clientKeys, true);
        HelloFrame lost = early.hello();
        HelloFrame again = early.hello();
        assertTrue(lost.isEarly() && again.isEarly());
        HelloFrame decoded = (HelloFrame) FrameCodec.decodeContent(FrameCodec.encode(again), 1,
                FrameCodec.encode(again).length - 1, FrameLimits.defaults());
        assertTrue(decoded.isEarly(), "the flag survives the wire");
        assertTrue(decoded.isProvenBy(serverKeys));
        early.onServerFirstFrame(server.accept(decoded, serverKeys));

        HelloFrame resume = early.hello();
        assertEquals(FrameType.RESUME, resume.type());
        assertFalse(resume.isEarly());
        assertFalse(client.hello().isEarly(), "a client that proposed nothing never sends the flag");
    }

    @Test
    void theEarlyFlagOnAResumeOrAnyOtherHelloFlagIsRefused() {
        byte[] hello = FrameCodec.encode(client.hello());
        for (int flags : new int[] {0x2, 0x4, 0x8, 0x3}) {
            byte[] flagged = hello.clone();
            flagged[1] = (byte) (FrameType.HELLO.code() | flags << 4);
            WireException e = assertThrows(WireException.class,
                    () -> FrameCodec.decodeContent(flagged, 1, flagged.length - 1, FrameLimits.defaults()));
            assertEquals(ErrorCode.MALFORMED, e.code());
        }
        byte[] resume = hello.clone();
        resume[1] = (byte) (FrameType.RESUME.code() | HelloFrame.EARLY << 4);
        assertEquals(ErrorCode.MALFORMED, assertThrows(WireException.class,
                () -> FrameCodec.decodeContent(resume, 1, resume.length - 1, FrameLimits.defaults())).code());
    }

    @Test
    void aReplayedHandshakeIsRefused() throws WireException {
        HelloFrame hello = client.hello();
        server.accept(hello, serverKeys);

        WireException e = assertThrows(WireException.class, () -> server.accept(hello, serverKeys));
        assertEquals(ErrorCode.REPLAYED, e.code());
    }

    @Test
    void aClientThatLostItsStateCannotResumeTheStream() throws WireException {
        client.onServerFirstFrame(server.accept(client.hello(), serverKeys));
        ClientHandshake restarted = new ClientHandshake(SESSION, clientKeys);

        WireException e = assertThrows(WireException.class, () -> server.accept(restarted.hello(), serverKeys));
        assertEquals(ErrorCode.REPLAYED, e.code());
    }

    @Test
    void aResumeForAStreamThisServerNeverCarriedIsRefused() throws WireException {
        client.onServerFirstFrame(server.accept(client.hello(), serverKeys));
        ServerHandshake restartedServer = new ServerHandshake();

        WireException e = assertThrows(WireException.class,
                () -> restartedServer.accept(client.hello(), serverKeys));
        assertEquals(ErrorCode.HANDSHAKE_MISMATCH, e.code());
    }

    @Test
    void aHandshakeWithoutTheTokenIsRefused() {
        byte[] wrong = TOKEN.clone();
        wrong[0] = 1;
        HelloFrame forged = new ClientHandshake(SESSION, SessionKeys.fromToken(wrong)).hello();

        WireException e = assertThrows(WireException.class, () -> server.accept(forged, serverKeys));
        assertEquals(ErrorCode.AUTHENTICATION_FAILED, e.code());
    }

    @Test
    void aWelcomeForAnotherAttemptOrWithoutTheTokenIsRefused() throws WireException {
        HelloFrame first = client.hello();
        WelcomeFrame welcome = server.accept(first, serverKeys);
        client.hello();

        assertEquals(ErrorCode.AUTHENTICATION_FAILED,
                assertThrows(WireException.class, () -> client.onServerFirstFrame(welcome)).code());
    }

    @Test
    void theServersRefusalReachesTheClientWithItsCode() {
        client.hello();

        WireException e = assertThrows(WireException.class, () -> client.onServerFirstFrame(
                ErrorFrame.of(ErrorCode.UNKNOWN_SESSION, "expired")));
        assertEquals(ErrorCode.UNKNOWN_SESSION, e.code());
        assertTrue(e.getMessage().contains("expired"));
    }
}
