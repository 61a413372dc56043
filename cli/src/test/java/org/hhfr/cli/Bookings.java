package org.hhfr.cli;

import java.util.Calendar;

/** A POJO service whose requests hold what command-line values cannot: a dateTime and bytes, a structure. */
public class Bookings {
    /** When, as UTC epoch milliseconds, and how many bytes. */
    public String stamp(Calendar when, byte[] photo) {
        return when.getTimeInMillis() + "/" + photo.length;
    }

    public String book(Booking booking) {
        return booking.getGuest() + " for " + booking.getNights() + " nights";
    }

    /** A guest and a number of nights. */
    public static class Booking {
        private String guest;
        private int nights;

        public String getGuest() {
            return guest;
        }

        public void setGuest(String guest) {
            this.guest = guest;
        }

        public int getNights() {
            return nights;
        }

        public void setNights(int nights) {
            this.nights = nights;
        }
    }
}
