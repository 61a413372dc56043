package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.hhfr.transports.auth.SessionId;
import org.junit.jupiter.api.Test;

class SessionCredentialsTest {
    private final TokenGenerator generator = TokenGenerator.secure();

    @Test
    void sessionIdTextIsUrlSafeAndReadsBack() throws Exception {
        SessionId id = generator.newSessionId();

        assertEquals(SessionId.ISSUED_TEXT_LENGTH, id.text().length());
        assertTrue(id.text().matches("[A-Za-z0-9_-]{22}"), id.text());
        assertEquals(id, SessionId.parse(id.text()));
        assertEquals(id, SessionId.of(id.toBytes()));
        assertEquals(id.text(), id.toString());
    }

    @Test
    void generatedIdsDoNotRepeat() {
        Set<SessionId> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(seen.add(generator.newSessionId()));
        }
    }

    @Test
    void tokenTextReadsBackToAMatchingToken() throws Exception {
        SessionToken token = generator.newToken();

        assertEquals(SessionToken.ISSUED_LENGTH, token.toBytes().length);
        assertTrue(token.matches(SessionToken.parse(token.text())));
        assertTrue(token.matches(SessionToken.fromBytes(token.toBytes())));
        assertEquals(token, SessionToken.parse(token.text()));
    }

    @Test
    void tokenNeverShowsItsSecretInText() throws Exception {
        SessionToken token = generator.newToken();
        SessionGrant grant = SessionGrant.of(
                new StoredSession(generator.newSessionId(), Contexts.floatSum(), token.sha256(), 0, 0, 10), token);
        ResumptionTicket ticket = ResumptionTicket.of(grant.id(), token, StreamEndpoint.of("h", 1),
                Contexts.BINARY, Contexts.TCP, ReliabilityPolicy.defaults());

        for (String shown : new String[] {token.toString(), grant.toString(), ticket.toString()}) {
            assertFalse(shown.contains(token.text()), shown);
        }
        assertEquals("SessionToken[32 bytes, redacted]", token.toString());
    }

    @Test
    void tokensShorterThan128BitsOrAbsurdlyLongAreRefused() {
        assertThrows(ContextStoreException.class, () -> SessionToken.fromBytes(new byte[15]));
        assertThrows(ContextStoreException.class, () -> SessionToken.fromBytes(new byte[65]));
        assertThrows(ContextStoreException.class, () -> SessionToken.fromBytes(null));
        assertThrows(ContextStoreException.class, () -> SessionToken.parse("AAAA"));
        assertThrows(ContextStoreException.class, () -> SessionToken.parse("A"));
        assertThrows(ContextStoreException.class, () -> SessionToken.parse(null));
    }

    @Test
    void tokenMatchesItsDigestOnly() {
        SessionToken token = generator.newToken();

        assertTrue(token.matchesDigest(token.sha256()));
        assertFalse(generator.newToken().matchesDigest(token.sha256()));
        assertFalse(token.matchesDigest(null));
    }

    @Test
    void tokenBytesCannotBeChangedFromOutside() throws Exception {
        byte[] raw = new byte[SessionToken.MIN_LENGTH];
        SessionToken token = SessionToken.fromBytes(raw);
        raw[0] = 1;
        token.toBytes()[1] = 1;

        assertArrayEquals(new byte[SessionToken.MIN_LENGTH], token.toBytes());
    }

    @Property
    void tokenTextOfAnyAcceptedLengthReadsBack(@ForAll @Size(min = 16, max = 64) byte[] bytes) throws Exception {
        SessionToken token = SessionToken.fromBytes(bytes);

        assertArrayEquals(bytes, SessionToken.parse(token.text()).toBytes());
    }
}
