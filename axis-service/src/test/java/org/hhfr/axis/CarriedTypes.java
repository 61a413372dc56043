package org.hhfr.axis;

import java.math.BigInteger;
import java.net.URI;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Date;
import java.util.Locale;
import java.util.UUID;

import javax.xml.datatype.Duration;
import javax.xml.datatype.XMLGregorianCalendar;

/**
 * A POJO service taking and returning the Java types whose XSD type (as Axis2 publishes it) travels as another:
 * for each, {@code inX} says what the method got and {@code echoX} returns what it got.
 */
public class CarriedTypes {
    public String inUtilDate(Date v) {
        return v == null ? "null" : v.getTime() + "";
    }

    public Date echoUtilDate(Date v) {
        return v;
    }

    public String inSqlDate(java.sql.Date v) {
        return v == null ? "null" : v.getTime() + " " + v;
    }

    public java.sql.Date echoSqlDate(java.sql.Date v) {
        return v;
    }

    public String inSqlTime(java.sql.Time v) {
        return v == null ? "null" : v.getTime() + " " + v;
    }

    public java.sql.Time echoSqlTime(java.sql.Time v) {
        return v;
    }

    public String inTimestamp(java.sql.Timestamp v) {
        return v == null ? "null" : v.getTime() + " " + v.getNanos();
    }

    public java.sql.Timestamp echoTimestamp(java.sql.Timestamp v) {
        return v;
    }

    public String inCalendar(Calendar v) {
        return v == null ? "null" : v.getTimeInMillis() + " " + v.getTimeZone().getRawOffset();
    }

    public Calendar echoCalendar(Calendar v) {
        return v;
    }

    public String inXmlCalendar(XMLGregorianCalendar v) {
        return v == null ? "null" : v.toXMLFormat();
    }

    public XMLGregorianCalendar echoXmlCalendar(XMLGregorianCalendar v) {
        return v;
    }

    public String inBigInteger(BigInteger v) {
        return String.valueOf(v);
    }

    public BigInteger echoBigInteger(BigInteger v) {
        return v;
    }

    public String inUri(URI v) {
        return String.valueOf(v);
    }

    public URI echoUri(URI v) {
        return v;
    }

    public String inChar(char v) {
        return "" + (int) v;
    }

    public char echoChar(char v) {
        return v;
    }

    public String inCharacter(Character v) {
        return v == null ? "null" : "" + (int) v.charValue();
    }

    public Character echoCharacter(Character v) {
        return v;
    }

    public String inUuid(UUID v) {
        return String.valueOf(v);
    }

    public UUID echoUuid(UUID v) {
        return v;
    }

    public String inLocale(Locale v) {
        return v == null ? "null" : v.toLanguageTag();
    }

    public Locale echoLocale(Locale v) {
        return v;
    }

    public String inDuration(Duration v) {
        return String.valueOf(v);
    }

    public Duration echoDuration(Duration v) {
        return v;
    }

    public String inBytes(byte[] v) {
        return Arrays.toString(v);
    }

    public byte[] echoBytes(byte[] v) {
        return v;
    }

    public String inUtilDates(Date[] v) {
        if (v == null) {
            return "null";
        }
        StringBuilder text = new StringBuilder();
        for (Date d : v) {
            text.append(d == null ? "null" : d.getTime()).append(' ');
        }
        return text.toString();
    }

    public Date[] echoUtilDates(Date[] v) {
        return v;
    }

    public String inBigIntegers(BigInteger[] v) {
        return Arrays.toString(v);
    }

    public BigInteger[] echoBigIntegers(BigInteger[] v) {
        return v;
    }

    public String inHolder(Holder v) {
        return v == null ? "null" : v.toString();
    }

    public Holder echoHolder(Holder v) {
        return v;
    }

    public java.sql.Timestamp timestampAt(long millis) {
        return new java.sql.Timestamp(millis);
    }

    public java.sql.Time timeAt(long millis) {
        return new java.sql.Time(millis);
    }

    public Date dateAt(long millis) {
        return new Date(millis);
    }

    public java.sql.Date sqlDateAt(long millis) {
        return new java.sql.Date(millis);
    }

    public Calendar calendarAt(long millis, String zone) {
        Calendar calendar = Calendar.getInstance(java.util.TimeZone.getTimeZone(zone));
        calendar.setTimeInMillis(millis);
        return calendar;
    }

    public char charOf(int code) {
        return (char) code;
    }

    public UUID uuidOf(String text) {
        return UUID.fromString(text);
    }

    /** A bean holding a few values whose types travel as others. */
    public static class Holder {
        private Date day;
        private BigInteger count;
        private XMLGregorianCalendar when;
        private URI link;

        public Date getDay() {
            return day;
        }

        public void setDay(Date day) {
            this.day = day;
        }

        public BigInteger getCount() {
            return count;
        }

        public void setCount(BigInteger count) {
            this.count = count;
        }

        public XMLGregorianCalendar getWhen() {
            return when;
        }

        public void setWhen(XMLGregorianCalendar when) {
            this.when = when;
        }

        public URI getLink() {
            return link;
        }

        public void setLink(URI link) {
            this.link = link;
        }

        @Override
        public String toString() {
            return (day == null ? null : day.getTime()) + " " + count + " "
                    + (when == null ? null : when.toXMLFormat()) + " " + link;
        }
    }
}
