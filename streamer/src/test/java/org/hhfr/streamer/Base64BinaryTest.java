package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Base64;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our base64 (Android 24 has no java.util.Base64) agrees with the JDK's and is strict on input. */
class Base64BinaryTest {
    @Property(tries = 300)
    void agreesWithTheJdk(@ForAll byte[] bytes) {
        String text = Base64Binary.encode(bytes);
        assertEquals(Base64.getEncoder().encodeToString(bytes), text);
        assertArrayEquals(bytes, Base64Binary.decode(text));
    }

    @Property(tries = 100)
    void whitespaceIsIgnored(@ForAll byte[] bytes) {
        String spaced = Base64.getMimeEncoder(8, "\r\n ".getBytes()).encodeToString(bytes);
        assertArrayEquals(bytes, Base64Binary.decode(" " + spaced + "\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"QQ=", "QR==", "Q===", "QUJD=QUJD", "QUJ-", "QUJ\u00e9"})
    void malformedInputIsRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Base64Binary.decode(text));
    }
}
