package org.hhfr.axis.reservations;

import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;

/**
 * A service with two operations HHFR can stream ({@code confirm}, and {@code book}, whose bean's
 * {@link java.util.Date} field Axis2 publishes as {@code xs:date}, which travels as its text) and two it cannot:
 * {@code bookGroup} (its bean derives from another, which Axis2 publishes as an {@code xs:complexContent}
 * extension) and the one-way {@code forget} (a {@code void} method: streams carry request-response operations).
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

    /** The booking a day later: a bean with a date in the response too. */
    public Booking postpone(Booking booking) {
        Booking later = new Booking();
        later.setGuest(booking.getGuest());
        later.setWhen(booking.getWhen() == null ? null : new Date(booking.getWhen().getTime() + 86_400_000L));
        return later;
    }

    public String bookGroup(GroupBooking booking) {
        return booking.getSize() + " with " + book(booking);
    }

    public void forget(String guest) {
        forgotten = guest;
    }

    public String lastForgotten() {
        return forgotten == null ? "nobody" : forgotten;
    }
}
