package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class DeclaredEncodingTest {
    @Test
    void everyNameAnsweredWithoutListingThePlatformsCharsetsIsOneThePlatformHas() {
        for (String name : DeclaredEncoding.Standard.NAMES) {
            assertTrue(Charset.isSupported(name), name);
            assertTrue(DeclaredEncoding.isSupported(name.toUpperCase(Locale.ROOT)), name);
        }
    }

    @Test
    void lessCommonCharsetsAreStillFoundAndUnknownNamesAreNot() {
        assertTrue(DeclaredEncoding.isSupported("windows-1252"));
        assertTrue(DeclaredEncoding.isSupported("Shift_JIS"));
        assertFalse(DeclaredEncoding.isSupported("x-no-such-charset"));
    }
}
