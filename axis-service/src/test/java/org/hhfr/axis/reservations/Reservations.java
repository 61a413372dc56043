package org.hhfr.axis.reservations;

import java.text.SimpleDateFormat;
import java.util.Locale;
import java.util.TimeZone;

/**
 * A service with one operation HHFR can stream ({@code confirm}) and two it cannot: {@code book} (Axis2
 * publishes the bean's {@link java.util.Date} field as {@code xs:date}, outside the supported types) and the
 * one-way {@code forget} (a {@code void} method: streams carry request-response operations).
 */
public class Reservations {
    private volatile String forgotten;

    public String confirm(String guest) {
        return "confirmed " + guest;
    }

    public String book(Booking booking) {
        SimpleDateFormat day = new SimpleDateFormat("yyyy-MM-dd", Locale.ROOT);
        day.setTimeZone(TimeZone.getTimeZone("UTC"));
        return booking.getGuest() + " on " + (booking.getWhen() == null ? "no day" : day.format(booking.getWhen()));
    }

    public void forget(String guest) {
        forgotten = guest;
    }

    public String lastForgotten() {
        return forgotten == null ? "nobody" : forgotten;
    }
}
