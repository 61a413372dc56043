package org.hhfr.transports.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SessionIdTest {
    private static final String ISSUED = SessionId.of(new byte[SessionId.ISSUED_LENGTH]).text();

    @Test
    void sessionIdsAreOneToSixtyFourBytesAndCompareByContent() {
        assertThrows(IllegalArgumentException.class, () -> SessionId.of(new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> SessionId.of(new byte[SessionId.MAX_LENGTH + 1]));
        assertEquals(SessionId.of(new byte[] {1, 2}), SessionId.of(new byte[] {1, 2}));
        assertEquals(SessionId.of(new byte[] {1, 2}).hashCode(), SessionId.of(new byte[] {1, 2}).hashCode());
        assertFalse(SessionId.of(new byte[] {1, 2}).equals(SessionId.of(new byte[] {1, 3})));
    }

    @Property
    void textAndBytesReadBack(@ForAll @Size(min = 1, max = SessionId.MAX_LENGTH) byte[] bytes) {
        SessionId id = SessionId.of(bytes);

        assertEquals(id, SessionId.parse(id.text()));
        assertArrayEquals(bytes, id.toBytes());
        byte[] written = new byte[bytes.length + 3];
        assertEquals(bytes.length + 3, id.writeTo(written, 3));
        assertTrue(id.matches(written, 3, bytes.length));
        assertFalse(id.matches(written, 3, bytes.length - 1));
    }

    @Test
    void anIssuedIdIsTwentyTwoUrlSafeCharacters() {
        assertEquals(SessionId.ISSUED_TEXT_LENGTH, ISSUED.length());
        assertEquals(22, ISSUED.length());
    }

    @Test
    void malformedTextIsRefusedWithAReadableReason() {
        String[] malformed = {"", ISSUED.substring(1), ISSUED.substring(1) + "=", ISSUED.substring(1) + "+",
            ISSUED.substring(0, 21) + "B", "../../etc/passwd.....", ISSUED.repeat(4)};
        for (String text : malformed) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> SessionId.parse(text), text);
            assertTrue(refused.getMessage().startsWith("malformed session id"), refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> SessionId.parse(null));
    }
}
