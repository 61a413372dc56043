package org.hhfr.transports.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.util.Arrays;
import org.hhfr.transports.Role;
import org.junit.jupiter.api.Test;

class SessionKeysTest {
    private static final SessionId SESSION = SessionId.of(new byte[] {5, 6});
    private final byte[] token = new byte[24];
    private final SessionKeys keys;

    SessionKeysTest() {
        Arrays.fill(token, (byte) 3);
        keys = SessionKeys.fromToken(token);
    }

    @Test
    void aProofVerifiesOnlyForItsKindSessionAndAttempt() {
        byte[] proof = keys.handshakeProof(false, SESSION, 4);

        assertTrue(SessionKeys.fromToken(token).verifyHandshakeProof(false, SESSION, 4, proof));
        assertFalse(keys.verifyHandshakeProof(true, SESSION, 4, proof));
        assertFalse(keys.verifyHandshakeProof(false, SESSION, 5, proof));
        assertFalse(keys.verifyHandshakeProof(false, SessionId.of(new byte[] {5, 7}), 4, proof));
        assertFalse(keys.verifyWelcomeProof(SESSION, 4, proof));
    }

    @Test
    void aServerHoldingOnlyTheTokensDigestDerivesTheSameKeys() throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(token);
        SessionKeys server = SessionKeys.fromTokenDigest(digest);

        assertTrue(server.verifyHandshakeProof(true, SESSION, 9, keys.handshakeProof(true, SESSION, 9)));
        assertTrue(keys.verifyWelcomeProof(SESSION, 9, server.welcomeProof(SESSION, 9)));
        assertThrows(IllegalArgumentException.class, () -> SessionKeys.fromTokenDigest(token));
    }

    @Test
    void anotherTokenMakesOtherProofs() {
        byte[] other = token.clone();
        other[23] = 4;

        assertFalse(SessionKeys.fromToken(other).verifyHandshakeProof(false, SESSION, 1,
                keys.handshakeProof(false, SESSION, 1)));
    }

    @Test
    void clientAndServerDatagramTagsDiffer() {
        byte[] data = {1, 2, 3};
        byte[] clientTag = new byte[SessionKeys.MAC_SIZE];
        byte[] serverTag = new byte[SessionKeys.MAC_SIZE];
        keys.writeDatagramTag(Role.CLIENT, 7, data, 0, 3, clientTag, 0);
        keys.writeDatagramTag(Role.SERVER, 7, data, 0, 3, serverTag, 0);

        assertNotEquals(Arrays.toString(clientTag), Arrays.toString(serverTag));
        assertTrue(keys.verifyDatagramTag(Role.CLIENT, 7, data, 0, 3, clientTag, 0));
        assertFalse(keys.verifyDatagramTag(Role.SERVER, 7, data, 0, 3, clientTag, 0));
    }

    @Test
    void datagramTagsOfStreamsInterleavedOnOneThreadEachVerifyOnlyWithTheirOwnKeys() {
        byte[] data = {1, 2, 3};
        SessionKeys nextStream = SessionKeys.fromToken(token, StreamEpoch.FIRST + 1);
        byte[] first = new byte[SessionKeys.MAC_SIZE];
        byte[] next = new byte[SessionKeys.MAC_SIZE];
        byte[] firstAgain = new byte[SessionKeys.MAC_SIZE];
        keys.writeDatagramTag(Role.CLIENT, 7, data, 0, 3, first, 0);
        nextStream.writeDatagramTag(Role.CLIENT, 7, data, 0, 3, next, 0);
        keys.writeDatagramTag(Role.CLIENT, 7, data, 0, 3, firstAgain, 0);

        assertNotEquals(Arrays.toString(first), Arrays.toString(next));
        assertEquals(Arrays.toString(first), Arrays.toString(firstAgain));
        assertFalse(nextStream.verifyDatagramTag(Role.CLIENT, 7, data, 0, 3, first, 0));
        assertTrue(keys.verifyDatagramTag(Role.CLIENT, 7, data, 0, 3, first, 0));
        assertTrue(nextStream.verifyDatagramTag(Role.CLIENT, 7, data, 0, 3, next, 0));
    }

    @Test
    void aDatagramTagCoversTheFullPacketNumber() {
        byte[] data = {1, 2, 3};
        byte[] tag = new byte[SessionKeys.MAC_SIZE];
        keys.writeDatagramTag(Role.CLIENT, 7, data, 0, 3, tag, 0);

        assertFalse(keys.verifyDatagramTag(Role.CLIENT, 7 + (1L << 24), data, 0, 3, tag, 0));
    }

    @Test
    void keysFromTheTokensDigestMatchKeysFromTheToken() throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(token);
        SessionKeys server = SessionKeys.fromTokenDigest(digest);

        assertTrue(server.verifyHandshakeProof(false, SESSION, 2, keys.handshakeProof(false, SESSION, 2)));
        assertTrue(keys.verifyWelcomeProof(SESSION, 2, server.welcomeProof(SESSION, 2)));
        assertFalse(SessionKeys.fromTokenDigest(new byte[32]).verifyHandshakeProof(false, SESSION, 2,
                keys.handshakeProof(false, SESSION, 2)));
    }

    @Test
    void theTokenItselfIsNotTheKeyRoot() {
        byte[] digestSized = new byte[32];
        Arrays.fill(digestSized, (byte) 3);

        assertFalse(SessionKeys.fromTokenDigest(digestSized).verifyHandshakeProof(false, SESSION, 1,
                SessionKeys.fromToken(digestSized).handshakeProof(false, SESSION, 1)));
    }

    @Test
    void digestsOtherThanThirtyTwoBytesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SessionKeys.fromTokenDigest(new byte[31]));
    }

    @Test
    void tokensOutsideSixteenToSixtyFourBytesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SessionKeys.fromToken(new byte[15]));
        assertThrows(IllegalArgumentException.class, () -> SessionKeys.fromToken(new byte[65]));
    }
}
