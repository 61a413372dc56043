package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.hhfr.streamer.testing.Messages;

/** xs:dateTime without java.time: lexical forms round-trip, and the calendar agrees with java.time. */
class DateTimeTest {
    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29T12:00:00.5+05:30", "2024-02-29T12:00:00", "1970-01-01T00:00:00Z",
        "-0044-03-15T12:00:00-01:00", "0000-01-01T00:00:00", "12345-06-07T08:09:10.123456789Z",
        "1999-12-31T23:59:59.999-14:00"})
    void canonicalFormsReadAndWriteBackUnchanged(String text) {
        assertEquals(text, DateTime.parse(text).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29T00:00:00", "2024-13-01T00:00:00", "2024-01-01T24:00:01",
        "2024-01-01T00:00:60", "024-01-01T00:00:00", "02024-01-01T00:00:00", "2024-01-01 00:00:00",
        "2024-01-01T00:00:00+15:00", "2024-01-01T00:00:00.", "2024-01-01T00:00:00Zjunk", "", "\u0662024-01-01T00:00:00"})
    void invalidFormsAreRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> DateTime.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29T12:00:00.500+05:30", "2024-02-29T06:30:00.5+00:00",
        "2024-02-28T24:00:00Z"})
    void equivalentLexicalFormsGiveTheCanonicalOne(String text) {
        DateTime value = DateTime.parse(text);
        assertEquals(value, DateTime.parse(value.toString()));
    }

    /** XSD allows any number of fraction digits: zeros after the ninth leave the value exact. */
    @Test
    void fractionDigitsAfterTheNinthAreReadWhenTheyAreZeros() {
        assertEquals("2024-02-29T12:00:00.123456789+05:30",
                DateTime.parse("2024-02-29T12:00:00.123456789000+05:30").toString());
        assertEquals("2024-02-29T12:00:00.5", DateTime.parse("2024-02-29T12:00:00.50000000000000000000").toString());
    }

    @Test
    void aValueFinerThanTheNanosecondIsRefusedAsOneThatCannotBeCarriedExactly() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> DateTime.parse("2024-01-01T00:00:00.1234567890001Z")).getMessage();
        assertEquals("'2024-01-01T00:00:00.1234567890001Z' is finer than the nanosecond: an xs:dateTime is carried"
                + " to the nanosecond, so its fraction digits after the ninth must be 0", message);
    }

    @Property(tries = 500)
    void formattingAgreesWithJavaTime(@ForAll("dateTimes") DateTime value) {
        String text = value.toString();
        long year = Long.parseLong(text.substring(0, text.indexOf('-', 1)));
        if (year < 0 || year > 9999) {
            return;
        }
        if (value.hasOffset()) {
            OffsetDateTime parsed = OffsetDateTime.parse(text);
            assertEquals(value.epochSecond(), parsed.toEpochSecond());
            assertEquals(value.offsetMinutes() * 60, parsed.getOffset().getTotalSeconds());
            assertEquals(value.nanos(), parsed.getNano());
        } else {
            assertEquals(value.epochSecond(), LocalDateTime.parse(text).toEpochSecond(ZoneOffset.UTC));
        }
        assertEquals(value, DateTime.parse(text));
    }

    @Test
    void millisecondsConvertBothWays() {
        DateTime value = DateTime.ofEpochMillis(-1);
        assertEquals("1969-12-31T23:59:59.999Z", value.toString());
        assertEquals(-1, value.toEpochMillis());
        assertFalse(DateTime.parse("2024-01-01T00:00:00").hasOffset());
    }

    @Provide
    Arbitrary<DateTime> dateTimes() {
        return Messages.dateTimes();
    }
}
