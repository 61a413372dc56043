package org.hhfr.streamer;

/**
 * An {@code xs:dateTime} value: an instant to the nanosecond, with the time-zone offset it was written in,
 * or without any time zone. It exists because {@code java.time} is not available on Android API 24.
 *
 * <p>With an offset, {@link #epochSecond()} counts seconds of UTC since 1970-01-01T00:00:00Z and
 * {@link #offsetMinutes()} keeps the lexical offset, so {@code 2024-02-29T12:00:00.5+05:30} reads and
 * writes back unchanged. Without a time zone ({@code 2024-02-29T12:00:00}), {@code epochSecond()} counts
 * the wall-clock time as if it were UTC. Two values are equal when all four parts are: the same instant
 * written with another offset is a different value here, as it is a different lexical form.
 *
 * <p>Dates follow the proleptic Gregorian calendar with ISO 8601 years (year 0000 is 1 BCE, as in XSD
 * 1.1); years range over {@code -999999999..999999999}. Leap seconds are not supported;
 * {@code 24:00:00} is read as the next day's midnight.
 */
public final class DateTime {
    /** The largest year magnitude, nine digits. */
    static final long MAX_YEAR = 999_999_999L;
    /** The largest offset magnitude XSD allows: 14 hours. */
    public static final int MAX_OFFSET_MINUTES = 14 * 60;

    private static final long SECONDS_PER_DAY = 86_400L;
    private static final long MIN_EPOCH_SECOND = daysFromCivil(-MAX_YEAR, 1, 1) * SECONDS_PER_DAY;
    private static final long MAX_EPOCH_SECOND = (daysFromCivil(MAX_YEAR, 12, 31) + 1) * SECONDS_PER_DAY - 1;

    private final long epochSecond;
    private final int nanos;
    private final boolean hasOffset;
    private final int offsetMinutes;

    private DateTime(long epochSecond, int nanos, boolean hasOffset, int offsetMinutes) {
        if (epochSecond < MIN_EPOCH_SECOND || epochSecond > MAX_EPOCH_SECOND) {
            throw new IllegalArgumentException("dateTime out of range (years -999999999..999999999): "
                    + epochSecond + " s");
        }
        if (nanos < 0 || nanos > 999_999_999) {
            throw new IllegalArgumentException("nanos out of range 0..999999999: " + nanos);
        }
        if (offsetMinutes < -MAX_OFFSET_MINUTES || offsetMinutes > MAX_OFFSET_MINUTES) {
            throw new IllegalArgumentException("offset out of range -14:00..+14:00: " + offsetMinutes + " min");
        }
        this.epochSecond = epochSecond;
        this.nanos = nanos;
        this.hasOffset = hasOffset;
        this.offsetMinutes = offsetMinutes;
    }

    /** An instant, written with {@code offsetMinutes} east of UTC (0 writes as {@code Z}). */
    public static DateTime of(long epochSecond, int nanos, int offsetMinutes) {
        return new DateTime(epochSecond, nanos, true, offsetMinutes);
    }

    /** A wall-clock time without time zone; {@code localEpochSecond} counts it as if it were UTC. */
    public static DateTime local(long localEpochSecond, int nanos) {
        return new DateTime(localEpochSecond, nanos, false, 0);
    }

    /** A UTC instant from Java's millisecond time, e.g. {@code new Date().getTime()}. */
    public static DateTime ofEpochMillis(long epochMillis) {
        return of(Math.floorDiv(epochMillis, 1000L), (int) Math.floorMod(epochMillis, 1000L) * 1_000_000, 0);
    }

    /** Seconds since the epoch: UTC with an offset, wall-clock without. */
    public long epochSecond() {
        return epochSecond;
    }

    /** Nanoseconds within the second, {@code 0..999999999}. */
    public int nanos() {
        return nanos;
    }

    /** Whether the value carries a time zone offset. */
    public boolean hasOffset() {
        return hasOffset;
    }

    /** Minutes east of UTC; 0 when there is no offset (see {@link #hasOffset()}). */
    public int offsetMinutes() {
        return offsetMinutes;
    }

    /** {@link #epochSecond()} in milliseconds, nanos truncated. */
    public long toEpochMillis() {
        return epochSecond * 1000L + nanos / 1_000_000;
    }

    /**
     * Reads the XSD lexical form {@code -?YYYY-MM-DDThh:mm:ss(.s+)?(Z|(+|-)hh:mm)?}, with any number of fraction
     * digits: those after the ninth must be 0, since a value is kept to the nanosecond.
     *
     * @throws IllegalArgumentException if {@code text} is not such a form, or is finer than the nanosecond
     */
    public static DateTime parse(String text) {
        return new LexicalReader(text).read();
    }

    /** The canonical XSD lexical form, e.g. {@code 2024-02-29T12:00:00.5+05:30}. */
    @Override
    public String toString() {
        long local = epochSecond + (hasOffset ? offsetMinutes * 60L : 0L);
        long days = Math.floorDiv(local, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(local, SECONDS_PER_DAY);
        long[] date = civilFromDays(days);
        StringBuilder out = new StringBuilder(35);
        long year = date[0];
        if (year < 0) {
            out.append('-');
        }
        String digits = Long.toString(Math.abs(year));
        for (int i = digits.length(); i < 4; i++) {
            out.append('0');
        }
        out.append(digits).append('-');
        twoDigits(out, (int) date[1]).append('-');
        twoDigits(out, (int) date[2]).append('T');
        twoDigits(out, secondOfDay / 3600).append(':');
        twoDigits(out, secondOfDay / 60 % 60).append(':');
        twoDigits(out, secondOfDay % 60);
        if (nanos != 0) {
            String fraction = Integer.toString(1_000_000_000 + nanos).substring(1);
            int end = fraction.length();
            while (fraction.charAt(end - 1) == '0') {
                end--;
            }
            out.append('.').append(fraction, 0, end);
        }
        if (hasOffset) {
            if (offsetMinutes == 0) {
                out.append('Z');
            } else {
                out.append(offsetMinutes < 0 ? '-' : '+');
                int magnitude = Math.abs(offsetMinutes);
                twoDigits(out, magnitude / 60).append(':');
                twoDigits(out, magnitude % 60);
            }
        }
        return out.toString();
    }

    private static StringBuilder twoDigits(StringBuilder out, int value) {
        return out.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DateTime)) {
            return false;
        }
        DateTime other = (DateTime) o;
        return epochSecond == other.epochSecond && nanos == other.nanos && hasOffset == other.hasOffset
                && offsetMinutes == other.offsetMinutes;
    }

    @Override
    public int hashCode() {
        int hash = Long.hashCode(epochSecond);
        hash = 31 * hash + nanos;
        return 31 * hash + (hasOffset ? offsetMinutes + 1 : 0);
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (month 1..12). */
    static long daysFromCivil(long year, int month, int day) {
        long marchYear = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(marchYear, 400L);
        long yearOfEra = marchYear - era * 400L;
        int marchMonth = month <= 2 ? month + 9 : month - 3;
        long dayOfYear = (153L * marchMonth + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468L;
    }

    /** {year, month, day} of a day count since 1970-01-01. */
    static long[] civilFromDays(long days) {
        long shifted = days + 719_468L;
        long era = Math.floorDiv(shifted, 146_097L);
        long dayOfEra = shifted - era * 146_097L;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long marchMonth = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * marchMonth + 2) / 5 + 1;
        long month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return new long[] {year, month, day};
    }

    static int daysInMonth(long year, int month) {
        if (month == 2) {
            boolean leap = Math.floorMod(year, 4L) == 0 && (Math.floorMod(year, 100L) != 0
                    || Math.floorMod(year, 400L) == 0);
            return leap ? 29 : 28;
        }
        return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
    }

    /** A cursor over one lexical form; every method fails with the whole text in the message. */
    private static final class LexicalReader {
        private final String text;
        private int position;

        LexicalReader(String text) {
            this.text = text;
        }

        DateTime read() {
            boolean negative = text.startsWith("-");
            position = negative ? 1 : 0;
            int yearStart = position;
            long year = digits(4, 9);
            if (position - yearStart > 4 && text.charAt(yearStart) == '0') {
                throw invalid("a year of more than four digits has no leading zero");
            }
            year = negative ? -year : year;
            expect('-');
            int month = (int) digits(2, 2);
            expect('-');
            int day = (int) digits(2, 2);
            expect('T');
            int hour = (int) digits(2, 2);
            expect(':');
            int minute = (int) digits(2, 2);
            expect(':');
            int second = (int) digits(2, 2);
            int nanos = position < text.length() && text.charAt(position) == '.' ? fraction() : 0;
            if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
                throw invalid("no such date");
            }
            boolean endOfDay = hour == 24 && minute == 0 && second == 0 && nanos == 0;
            if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) {
                throw invalid("no such time of day");
            }
            long local = daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second;
            if (position == text.length()) {
                return checked(local, nanos, false, 0);
            }
            int offset = offset();
            if (position != text.length()) {
                throw invalid("unexpected characters after the time zone");
            }
            return checked(local - offset * 60L, nanos, true, offset);
        }

        private DateTime checked(long epochSecond, int nanos, boolean hasOffset, int offset) {
            try {
                return new DateTime(epochSecond, nanos, hasOffset, offset);
            } catch (IllegalArgumentException e) {
                throw invalid(e.getMessage());
            }
        }

        private int fraction() {
            position++;
            int start = position;
            int nanos = 0;
            while (position < text.length() && isDigit(text.charAt(position))) {
                int digit = text.charAt(position) - '0';
                int index = position - start;
                if (index < 9) {
                    nanos = nanos * 10 + digit;
                } else if (digit != 0) {
                    throw new IllegalArgumentException("'" + shown() + "' is finer than the nanosecond: an xs:dateTime"
                            + " is carried to the nanosecond, so its fraction digits after the ninth must be 0");
                }
                position++;
            }
            if (position == start) {
                throw invalid("no digits after '.'");
            }
            for (int index = position - start; index < 9; index++) {
                nanos *= 10;
            }
            return nanos;
        }

        private int offset() {
            char sign = text.charAt(position);
            if (sign == 'Z') {
                position++;
                return 0;
            }
            if (sign != '+' && sign != '-') {
                throw invalid("expected Z, + or - for the time zone");
            }
            position++;
            int hours = (int) digits(2, 2);
            expect(':');
            int minutes = (int) digits(2, 2);
            int magnitude = hours * 60 + minutes;
            if (minutes > 59 || magnitude > MAX_OFFSET_MINUTES) {
                throw invalid("time zone offset beyond 14:00");
            }
            return sign == '-' ? -magnitude : magnitude;
        }

        private long digits(int min, int max) {
            int start = position;
            long value = 0;
            while (position < text.length() && isDigit(text.charAt(position)) && position - start < max) {
                value = value * 10 + (text.charAt(position) - '0');
                position++;
            }
            if (position - start < min || (position < text.length() && isDigit(text.charAt(position)))) {
                throw invalid("expected " + (min == max ? String.valueOf(min) : min + " to " + max)
                        + " digits at index " + start);
            }
            return value;
        }

        private void expect(char c) {
            if (position >= text.length() || text.charAt(position) != c) {
                throw invalid("expected '" + c + "' at index " + position);
            }
            position++;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private IllegalArgumentException invalid(String why) {
            return new IllegalArgumentException("not an xs:dateTime: '" + shown() + "' (" + why + ")");
        }

        /** The text, cut after 64 characters. */
        private String shown() {
            return text.length() > 64 ? text.substring(0, 64) + "..." : text;
        }
    }
}
