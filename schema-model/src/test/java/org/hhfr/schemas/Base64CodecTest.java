package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Base64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our Base64 (Android 24 has no java.util.Base64) agrees with the JDK's in both alphabets and is strict on input. */
class Base64CodecTest {
    @Property(tries = 300)
    void standardAgreesWithTheJdk(@ForAll byte[] bytes) {
        String text = Base64Codec.STANDARD.encode(bytes);

        assertEquals(Base64.getEncoder().encodeToString(bytes), text);
        assertEquals(text.length(), Base64Codec.STANDARD.encodedLength(bytes.length));
        assertArrayEquals(bytes, Base64Codec.STANDARD.decode(text));
    }

    @Property(tries = 300)
    void urlAgreesWithTheJdkWithoutPadding(@ForAll byte[] bytes) {
        String text = Base64Codec.URL.encode(bytes);

        assertEquals(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), text);
        assertEquals(text.length(), Base64Codec.URL.encodedLength(bytes.length));
        assertArrayEquals(bytes, Base64Codec.URL.decode(text));
        assertArrayEquals(bytes, Base64Codec.URL.decode(text, bytes.length));
    }

    @ParameterizedTest
    @ValueSource(strings = {"QQ=", "QR==", "Q===", "QUJD=QUJD", "QUJ-", "QUJ\u00e9", "QU JD", "===="})
    void malformedStandardTextIsRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Base64Codec.STANDARD.decode(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"QQ==", "QR", "Q", "QUJ+", "QUJ/", "QUJ\u00e9"})
    void malformedUrlTextIsRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Base64Codec.URL.decode(text));
    }

    @Property(tries = 100)
    void aFixedLengthDecodeRefusesTextOfAnotherLength(@ForAll byte[] bytes) {
        assertNull(Base64Codec.URL.decode(Base64Codec.URL.encode(bytes), bytes.length + 1));
    }
}
