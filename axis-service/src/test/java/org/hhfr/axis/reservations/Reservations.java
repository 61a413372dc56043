package org.hhfr.axis.reservations;

import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import java.util.TimeZone;

/**
 * A service with four operations HHFR can stream ({@code confirm}; {@code book}, whose bean another bean derives
 * from, which a client sends as it is; {@code bookGroup} and {@code postpone}, whose bean derives from the other,
 * which Axis2 publishes as an {@code xs:complexContent} extension, and has a {@link java.util.Date} field, which
 * Axis2 publishes as {@code xs:date} and travels as its text) and two it cannot: {@code lookup} (it returns the
 * bean another derives from, so its response may carry the other, named by {@code xsi:type}) and the one-way
 * {@code forget} (a {@code void} method: streams carry request-response operations).
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
    public GroupBooking postpone(GroupBooking booking) {
        GroupBooking later = new GroupBooking();
        later.setGuest(booking.getGuest());
        later.setSize(booking.getSize());
        later.setWhen(booking.getWhen() == null ? null : new Date(booking.getWhen().getTime() + 86_400_000L));
        return later;
    }

    /** A booking of {@code guest}, which may be a group's. */
    public Booking lookup(String guest) {
        GroupBooking booking = new GroupBooking();
        booking.setGuest(guest);
        booking.setSize(2);
        return booking;
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
